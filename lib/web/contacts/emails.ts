// Email addresses on a page: mailto links and Cloudflare's data-cfemail are certain; addresses in
// text (plain or written "name [at] host [dot] com") are kept only when the domain ends in a real
// public suffix, which rules out retina file names such as image@2x.png.
import { parse as parseDomain } from "tldts";

const TEXT_EMAIL = /[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}\.)+[A-Za-z]{2,24}\b/g;
const AT = String.raw`\s*(?:\[\s*at\s*\]|\(\s*at\s*\)|\{\s*at\s*\})\s*`;
const DOT = String.raw`\s*(?:\[\s*dot\s*\]|\(\s*dot\s*\)|\{\s*dot\s*\})\s*`;
const OBFUSCATED = new RegExp(String.raw`([A-Za-z0-9][A-Za-z0-9._%+-]{0,63})${AT}([A-Za-z0-9-]+(?:(?:${DOT}|\.)[A-Za-z0-9-]+)+)`, "gi");
const DOT_TOKEN = new RegExp(DOT, "gi");
/**
 * What text must hold for either search to find an address: each tries up to 64 characters of local
 * part at every letter of the text, and a text without an "@" or an "[at]" is not searched (a 4 MB word
 * took 4 s).
 */
const MAY_BE_OBFUSCATED = /[[({]\s*at\s*[\])}]/i;

/** File extensions that look like top-level domains in asset names (logo@2x.png, bundle@1.2.js). */
const FILE_SUFFIXES = new Set([
  "png",
  "jpg",
  "jpeg",
  "gif",
  "svg",
  "webp",
  "avif",
  "bmp",
  "ico",
  "tif",
  "tiff",
  "css",
  "js",
  "mjs",
  "json",
  "xml",
  "pdf",
  "mp4",
  "webm",
  "mp3",
  "woff",
  "woff2",
  "ttf",
  "eot",
  "map",
  "zip",
  "gz",
  "mov",
]);

/** Lower-cased address when it is a plausible, deliverable-looking email; undefined otherwise. */
export function normalizeEmail(candidate: string): string | undefined {
  const email = candidate
    .trim()
    .replace(/^mailto:/i, "")
    .replace(/[.,;:]+$/, "")
    .toLowerCase();
  const at = email.lastIndexOf("@");
  if (at <= 0 || at !== email.indexOf("@")) return undefined;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > 64 || domain.length > 253 || local.startsWith(".") || local.endsWith(".") || local.includes("..")) return undefined;
  if (!/^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+$/.test(local)) return undefined;
  if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/.test(domain)) return undefined;
  const tld = domain.slice(domain.lastIndexOf(".") + 1);
  if (FILE_SUFFIXES.has(tld)) return undefined;
  // Scaled asset names: name@2x.something.
  if (/^\d+(\.\d+)?x\./.test(domain)) return undefined;
  const info = parseDomain(domain, { allowPrivateDomains: true });
  if (!info.domain || !(info.isIcann || info.isPrivate)) return undefined;
  return email;
}

/** Addresses written in running text, including the [at]/(at) and [dot]/(dot) forms. */
export function emailsInText(text: string): string[] {
  const out: string[] = [];
  if (text.includes("@")) {
    for (const m of text.matchAll(TEXT_EMAIL)) {
      const email = normalizeEmail(m[0]);
      if (email) out.push(email);
    }
  }
  if (!MAY_BE_OBFUSCATED.test(text)) return out;
  for (const m of text.matchAll(OBFUSCATED)) {
    const email = normalizeEmail(`${m[1]}@${m[2]!.replace(DOT_TOKEN, ".")}`);
    if (email) out.push(email);
  }
  return out;
}

/** The addresses of a mailto: href (several may be comma-separated; the query is ignored). */
export function emailsFromMailto(href: string): string[] {
  const body = href.replace(/^mailto:/i, "").split("?")[0] ?? "";
  let decoded: string;
  try {
    decoded = decodeURIComponent(body);
  } catch {
    decoded = body;
  }
  return decoded
    .split(",")
    .map((e) => normalizeEmail(e))
    .filter((e): e is string => e !== undefined);
}

/** Cloudflare email obfuscation: hex, the first byte is the XOR key of the rest. */
export function decodeCloudflareEmail(hex: string): string | undefined {
  if (!/^(?:[0-9a-f]{2}){2,}$/i.test(hex)) return undefined;
  const key = parseInt(hex.slice(0, 2), 16);
  const bytes = new Uint8Array(hex.length / 2 - 1);
  for (let i = 2; i < hex.length; i += 2) bytes[i / 2 - 1] = parseInt(hex.slice(i, i + 2), 16) ^ key;
  return normalizeEmail(new TextDecoder().decode(bytes));
}
