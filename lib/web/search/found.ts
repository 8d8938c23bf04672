import type { ContactItem, ScrapedPage, SocialProfile } from "../types";

/** Contacts of the pages, each (type, value) once, in page order. */
export function contactsOf(pages: readonly ScrapedPage[]): ContactItem[] {
  return distinct(
    pages.flatMap((p) => p.contacts ?? []),
    (c) => `${c.type}:${c.value}`,
  );
}

/** Social profiles of the pages, each profile URL once, in page order. */
export function socialProfilesOf(pages: readonly ScrapedPage[]): SocialProfile[] {
  return distinct(
    pages.flatMap((p) => p.socialProfiles ?? []),
    (s) => s.url,
  );
}

function distinct<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
