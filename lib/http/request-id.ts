import { randomUUID } from "node:crypto";

export const REQUEST_ID_HEADER = "X-Request-ID";

// A caller's id is kept when it is short and made of safe characters, so it can be logged and echoed.
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** The caller's request id when well-formed, a new one otherwise. */
export function resolveRequestId(supplied: string | string[] | null | undefined): string {
  const value = Array.isArray(supplied) ? supplied[0] : supplied;
  return value && WELL_FORMED.test(value) ? value : randomUUID();
}
