// NUL (PostgreSQL refuses it in text) and UTF-16 surrogates that do not pair (no UTF-8 encoding exists).
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when text holds a NUL or an unpaired surrogate: text a database cannot store as sent. */
export function isInvalidText(text: string): boolean {
  return text.includes("\0") || UNPAIRED_SURROGATE.test(text);
}

/**
 * True when a raw URL (path and query, still percent-encoded) decodes to invalid text: malformed
 * percent-encoding or UTF-8 (`%FF`, encoded surrogates), or a NUL once decoded.
 */
export function hasInvalidUrlText(rawUrl: string): boolean {
  if (!rawUrl.includes("%")) return isInvalidText(rawUrl);
  try {
    return isInvalidText(decodeURIComponent(rawUrl));
  } catch {
    return true;
  }
}

/** True when any string in a parsed JSON value, keys included, is invalid text. */
export function hasInvalidJsonText(value: unknown): boolean {
  if (typeof value === "string") return isInvalidText(value);
  if (Array.isArray(value)) return value.some(hasInvalidJsonText);
  if (value !== null && typeof value === "object") {
    return Object.entries(value).some(([key, v]) => isInvalidText(key) || hasInvalidJsonText(v));
  }
  return false;
}
