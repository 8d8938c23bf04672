import type { Document } from "domhandler";
import type { PageLink, SocialPlatform } from "../types";
import { descendants } from "../extract/dom";
import { paragraphs } from "../extract/plain-text";
import { decodeCloudflareEmail, emailsFromMailto, emailsInText } from "./emails";
import { guessCountry, phoneFromTel, phonesInParagraphs } from "./phones";
import { profileFromUrl } from "./social";

export interface PageContacts {
  /** Lower-cased, de-duplicated, in page order. */
  readonly emails: readonly string[];
  /** E.164, de-duplicated, in page order. */
  readonly phones: readonly string[];
}

/** Emails and phone numbers of a page, from its links, Cloudflare-protected addresses and visible text. */
export function extractContacts(doc: Document, pageUrl: string, language: string | undefined): PageContacts {
  const country = guessCountry(new URL(pageUrl).hostname, language);
  const emails = new Set<string>();
  const phones = new Set<string>();
  for (const el of descendants(doc)) {
    const href = el.attribs.href?.trim();
    if (el.name === "a" && href) {
      if (/^mailto:/i.test(href)) for (const e of emailsFromMailto(href)) emails.add(e);
      else if (/^tel:/i.test(href)) {
        const phone = phoneFromTel(href, country);
        if (phone) phones.add(phone);
      } else {
        const cf = /\/cdn-cgi\/l\/email-protection#([0-9a-f]+)$/i.exec(href);
        const email = cf ? decodeCloudflareEmail(cf[1]!) : undefined;
        if (email) emails.add(email);
      }
    }
    const cfemail = el.attribs["data-cfemail"];
    if (cfemail) {
      const email = decodeCloudflareEmail(cfemail);
      if (email) emails.add(email);
    }
  }
  const texts = paragraphs([doc]);
  for (const paragraph of texts) for (const e of emailsInText(paragraph)) emails.add(e);
  for (const p of phonesInParagraphs(texts, country)) phones.add(p);
  return { emails: [...emails], phones: [...phones] };
}

export interface FoundProfile {
  readonly platform: SocialPlatform;
  readonly url: string;
  readonly handle: string;
}

/** Social profiles linked from the page, one per canonical URL. */
export function extractProfiles(links: readonly PageLink[]): FoundProfile[] {
  const byUrl = new Map<string, FoundProfile>();
  for (const link of links) {
    const profile = profileFromUrl(link.url);
    if (profile && !byUrl.has(profile.url.toLowerCase())) byUrl.set(profile.url.toLowerCase(), profile);
  }
  return [...byUrl.values()];
}
