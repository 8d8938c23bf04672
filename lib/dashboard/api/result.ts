// What every server action of the dashboard answers; imported by the client components that call them.

/** A refused or failed action: the message to show, and the API's code, status (0: nothing answered) and request id. */
export type ActionFailure = { ok: false; error: string; code: string; status: number; requestId: string | null };

export type ActionResult<T = undefined> = { ok: true; value: T } | ActionFailure;

/** A failure decided without an answer from the API (bad input, a request that never came back). */
export function actionFailure(error: string, code = "BAD_REQUEST", status = 400): ActionFailure {
  return { ok: false, error, code, status, requestId: null };
}
