// Phone numbers: tel: links are certain; numbers in text are kept when libphonenumber-js (full
// metadata) validates them, and a number written without its country code also needs a word such
// as "phone" or "tel" just before it and a country guessed from the page, since dates, prices and
// ids otherwise pass for national numbers.
import { type CountryCode, findPhoneNumbersInText, isSupportedCountry, parsePhoneNumberFromString } from "libphonenumber-js/max";

const PHONE_WORDS = "phone|tel|telephone|call|mobile|cell|fax|whatsapp|hotline|téléphone|telefon|teléfono|telefone|telefono|tél|☎|📞";
const PHONE_WORD = new RegExp(`(?:^|[^\\p{L}])(?:${PHONE_WORDS})[^\\p{L}\\p{N}]{0,6}[^\\n]{0,12}$`, "iu");
/**
 * What text must hold for a number in it to be kept: a country code's "+" or "00", or a phone word.
 * Text without either is not scanned (libphonenumber builds an error for each digit run it rejects).
 */
const MAY_HOLD_PHONE = new RegExp(`\\+|00|${PHONE_WORDS}`, "iu");
const DATE_LIKE = /^\s*(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4})\s*$/;

/** E.164 of a tel: href when it is a valid number. */
export function phoneFromTel(href: string, country: CountryCode | undefined): string | undefined {
  let raw = href.replace(/^tel:/i, "").split(/[;?]/)[0] ?? "";
  try {
    raw = decodeURIComponent(raw);
  } catch {
    // keep as written
  }
  const parsed = parsePhoneNumberFromString(raw, country);
  return parsed?.isValid() ? parsed.number : undefined;
}

/**
 * Valid numbers in a page's paragraphs, as E.164, in page order. Each candidate costs libphonenumber
 * tens of microseconds (a paragraph packed with 100,000 "+1 555" took 3.3 s), so only the first
 * PHONE_TEXT_BUDGET characters of the paragraphs that may hold a number are searched, a paragraph cut
 * at a space; a page lists its numbers in far less.
 */
export function phonesInParagraphs(paragraphs: readonly string[], country: CountryCode | undefined): string[] {
  const out: string[] = [];
  let left = PHONE_TEXT_BUDGET;
  for (const paragraph of paragraphs) {
    if (left <= 0) break;
    if (!MAY_HOLD_PHONE.test(paragraph)) continue;
    const searched = paragraph.length <= left ? paragraph : paragraph.slice(0, Math.max(0, paragraph.lastIndexOf(" ", left)));
    left -= paragraph.length;
    for (const phone of phonesInText(searched, country)) out.push(phone);
  }
  return out;
}

const PHONE_TEXT_BUDGET = 200_000;

/** Valid numbers in running text, as E.164. */
export function phonesInText(text: string, country: CountryCode | undefined): string[] {
  const out: string[] = [];
  if (!MAY_HOLD_PHONE.test(text)) return out;
  for (const found of withoutStackTraces(() => findPhoneNumbersInText(text, country ? { defaultCountry: country } : undefined))) {
    const raw = text.slice(found.startsAt, found.endsAt);
    if (DATE_LIKE.test(raw) || !found.number.isValid()) continue;
    const international = raw.trimStart().startsWith("+") || raw.trimStart().startsWith("00");
    if (!international && !PHONE_WORD.test(text.slice(Math.max(0, found.startsAt - 40), found.startsAt))) continue;
    out.push(found.number.number);
  }
  return out;
}

/**
 * fn's result, errors made meanwhile carrying no stack trace: libphonenumber-js builds a ParseError for
 * each run of digits it rejects and catches it itself, and capturing each one's stack was most of the
 * time (a paragraph of 100,000 "+1 555": 4.3 s). Synchronous: nothing else runs before the limit is back.
 */
function withoutStackTraces<T>(fn: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return fn();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

const CC_TLD_EXCEPTIONS: Readonly<Record<string, string>> = { uk: "GB" };

/** The country national numbers on a page most likely belong to: its country-code TLD, else the region of its language. */
export function guessCountry(hostname: string, language: string | undefined): CountryCode | undefined {
  const tld = hostname.slice(hostname.lastIndexOf(".") + 1).toLowerCase();
  const fromTld = CC_TLD_EXCEPTIONS[tld] ?? (tld.length === 2 ? tld.toUpperCase() : undefined);
  if (fromTld && isSupportedCountry(fromTld)) return fromTld;
  const region = language ? /^[a-z]{2,3}[-_]([a-z]{2})\b/i.exec(language)?.[1]?.toUpperCase() : undefined;
  return region && isSupportedCountry(region) ? region : undefined;
}
