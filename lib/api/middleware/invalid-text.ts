import type { IncomingMessage } from "node:http";
import { hasInvalidUrlText, isInvalidText } from "../../http/valid-text";
import { ApiError } from "../errors";

/** The 400 for text no database could store as sent (a NUL, malformed UTF-8, an unpaired surrogate). */
export function invalidTextError(where: "path or query" | "headers" | "body"): ApiError {
  return new ApiError(
    "BAD_REQUEST",
    `The request ${where} holds invalid text: a NUL character, malformed UTF-8 or percent-encoding, or an unpaired surrogate.`,
  );
}

/**
 * Refuses a request whose path, query or headers hold invalid text, before any route reads them.
 * Behind the Node server it reads Node's own request (cheaper than Hono's Headers); in-process, the Request.
 */
export function refuseInvalidRequestText(incoming: IncomingMessage | undefined, request: Request): void {
  if (hasInvalidUrlText(incoming?.url ?? request.url)) throw invalidTextError("path or query");
  const headerValues = incoming ? incoming.rawHeaders : [...request.headers].flat();
  if (headerValues.some(isInvalidText)) throw invalidTextError("headers");
}
