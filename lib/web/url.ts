// URL helpers: what may be fetched, normalised forms, and which host counts as the same site.
import { getDomain } from "tldts";

/** An absolute http(s) URL, or undefined for anything else (relative, javascript:, mailto:, garbage). */
export function parseHttpUrl(input: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return undefined;
  }
  return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
}

/** href resolved against base, http(s) only, fragment removed. */
export function resolveHref(href: string | undefined, base: string): string | undefined {
  if (!href) return undefined;
  const trimmed = href.trim();
  if (!trimmed || trimmed.startsWith("#")) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed, base);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  url.hash = "";
  return url.href;
}

/** The normal form of a URL the caller gave: parsed, fragment dropped. */
export function normalizeUrl(input: string): string | undefined {
  const url = parseHttpUrl(input);
  if (!url) return undefined;
  url.hash = "";
  return url.href;
}

/** The registrable domain (eTLD+1), or the host itself for IP addresses, localhost and the like. */
export function siteOf(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host.startsWith("[")) return host;
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}

export function sameSite(a: URL, b: URL): boolean {
  return siteOf(a.hostname) === siteOf(b.hostname);
}
