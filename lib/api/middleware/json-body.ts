import type { Context } from "hono";
import type { AppEnv } from "../context";
import { hasInvalidJsonText } from "../../http/valid-text";
import { ApiError } from "../errors";
import { invalidTextError } from "./invalid-text";
import { requestHeader } from "./request-header";

const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

export function hasBody(method: string): boolean {
  return METHODS_WITH_BODY.has(method);
}

/**
 * Reads and parses the request body once, before any route runs, so that an oversized body,
 * a non-JSON media type and malformed JSON each get the contract's error instead of a framework's.
 * The text and the parsed value are left in Hono's body cache, where the validators read them:
 * `c.req.json()` reads the cached text (Hono 4.13), and with only the value cached it would serialise it
 * and read it back through a web Response (~6 % of an order's CPU).
 */
export async function parseJsonBody(c: Context<AppEnv>, limitBytes: number): Promise<void> {
  const length = requestHeader(c, "content-length");
  if (Number(length ?? "0") > limitBytes) throw tooLarge(limitBytes);
  // With a length within the limit the whole body is read at once (Node reads no more than the length
  // says, and @hono/node-server then builds no web stream); without one it is streamed, counting.
  const text = length === undefined ? await readTextWithin(c.req.raw, limitBytes) : decodeUtf8(new Uint8Array(await c.req.raw.arrayBuffer()));
  if (text.length === 0) {
    // No body reads as {}: routes that need fields name the missing ones, optional bodies take defaults.
    cacheBody(c, "{}", {});
    return;
  }
  const mediaType = (requestHeader(c, "content-type") ?? "").split(";")[0]!.trim();
  if (!JSON_MEDIA_TYPE.test(mediaType)) {
    throw new ApiError(
      "UNSUPPORTED_MEDIA_TYPE",
      `Request bodies must be JSON sent with Content-Type: application/json (got ${mediaType || "no Content-Type"}).`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const detail = err instanceof SyntaxError ? `: ${err.message}` : "";
    throw new ApiError("INVALID_JSON", `The request body is not valid JSON${detail}.`);
  }
  // Only a \u escape can put a NUL or an unpaired surrogate into text decoded strictly from UTF-8.
  if (text.includes("\\u") && hasInvalidJsonText(value)) throw invalidTextError("body");
  cacheBody(c, text, value);
}

/** Hono types its cache as the Body methods, but keeps their promised results in it. */
function cacheBody(c: Context<AppEnv>, text: string, value: unknown): void {
  const cache = c.req.bodyCache as { text?: Promise<string>; json?: Promise<unknown> };
  cache.text = Promise.resolve(text);
  cache.json = Promise.resolve(value);
}

async function readTextWithin(req: Request, limitBytes: number): Promise<string> {
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel();
      throw tooLarge(limitBytes);
    }
    chunks.push(value);
  }
  return decodeUtf8(Buffer.concat(chunks));
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    throw invalidTextError("body");
  }
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

function tooLarge(limitBytes: number): ApiError {
  return new ApiError("PAYLOAD_TOO_LARGE", `The request body exceeds the limit of ${limitBytes} bytes.`);
}
