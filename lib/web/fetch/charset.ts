// Bytes → text for fetched pages, in the order browsers use: byte-order mark, the Content-Type
// charset, a <meta> declaration in the first 1,024 bytes, then UTF-8 if it decodes cleanly, else
// windows-1252. Decoding is TextDecoder's (Node's full ICU covers the WHATWG encodings), with
// windows-1252's bytes 0x80–0x9f put right (windows-1252.ts) and euc-kr read as the web reads it,
// Unified Hangul Code included (euc-kr.ts).
import { asWindows1252 } from "../windows-1252";
import { decodeEucKr } from "./euc-kr";

/** The encoding label to use for these bytes. */
export function detectCharset(bytes: Uint8Array, contentType: string | undefined): string {
  const bom = bomEncoding(bytes);
  if (bom) return bom;
  const fromHeader = supported(contentType ? charsetParam(contentType) : undefined);
  if (fromHeader) return fromHeader;
  const fromMeta = supported(metaCharset(bytes));
  if (fromMeta) return fromMeta === "utf-16le" || fromMeta === "utf-16be" ? "utf-8" : fromMeta;
  return isUtf8(bytes) ? "utf-8" : "windows-1252";
}

export function decodeText(bytes: Uint8Array, contentType: string | undefined): string {
  const charset = detectCharset(bytes, contentType);
  // ignoreBOM false: TextDecoder drops a BOM that matches the encoding.
  if (charset === "euc-kr") return decodeEucKr(bytes);
  const text = new TextDecoder(charset).decode(bytes);
  return charset === "windows-1252" ? asWindows1252(text) : text;
}

function bomEncoding(b: Uint8Array): string | undefined {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return "utf-8";
  if (b[0] === 0xfe && b[1] === 0xff) return "utf-16be";
  if (b[0] === 0xff && b[1] === 0xfe) return "utf-16le";
  return undefined;
}

function charsetParam(contentType: string): string | undefined {
  return /;\s*charset\s*=\s*["']?([^"';\s]+)/i.exec(contentType)?.[1];
}

/** A simplified form of the HTML prescan: <meta charset> or <meta http-equiv content="…charset=…">. */
function metaCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, 1024))
    .toString("latin1")
    .replace(/<!--[\s\S]*?-->/g, "");
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const direct = /\bcharset\s*=\s*["']?\s*([^"'\s/>;]+)/i.exec(tag);
    if (direct) return direct[1];
  }
  return undefined;
}

/** The canonical name TextDecoder uses for a label, or undefined for an unknown label. */
function supported(label: string | undefined): string | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return undefined;
  }
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
