import "server-only";
import { ApiClientError } from "../../client/http";
import { dashboardDeps } from "../services";
import type { ActionFailure } from "./result";

/** A refusal decided here rather than by the API (a key that is not the owner's), in the shape of the API's own. */
export function refusal(message: string, status = 400, code = "BAD_REQUEST"): ApiClientError {
  return new ApiClientError(message, status, code, null);
}

/**
 * Any failure of a call to the APIs as the dashboard shows it: the API's own message, code, status and
 * request id, or (for an answer the client could not read) a plain message, logged here with the details.
 */
export function failureOf(err: unknown, doing: string): ActionFailure {
  if (err instanceof ApiClientError) return { ok: false, error: err.message, code: err.code, status: err.status, requestId: err.requestId };
  dashboardDeps().log.error({ err }, `dashboard: ${doing} failed`);
  return { ok: false, error: `Could not ${doing}: an unexpected failure on the server (it is logged).`, code: "UNEXPECTED", status: 0, requestId: null };
}

/** The same failure as a same-origin endpoint answers it: `{ error, code, requestId }`, 502 when nothing usable answered. */
export function failureResponse(err: unknown, doing: string): Response {
  const failure = failureOf(err, doing);
  return Response.json({ error: failure.error, code: failure.code, requestId: failure.requestId }, { status: failure.status >= 400 ? failure.status : 502 });
}
