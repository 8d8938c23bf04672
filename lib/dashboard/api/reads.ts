import "server-only";
import type { ApiFailure } from "@/components/ui/api-unavailable";
import { ApiClientError } from "../../client/http";
import { currentOwner } from "../session";
import { failureResponse } from "./failure";

/**
 * A same-origin endpoint of the dashboard that reads an API as the signed-in owner (the credential
 * stays on the server): 401 when signed out, the API's refusal passed on, never cached.
 */
export async function ownerRead(doing: string, read: (ownerId: string) => Promise<unknown>): Promise<Response> {
  const owner = await currentOwner();
  if (!owner) return Response.json({ error: `Sign in to ${doing}.`, code: "UNAUTHORIZED", requestId: null }, { status: 401 });
  try {
    return Response.json(await read(owner.ownerId), { headers: { "cache-control": "no-store" } });
  } catch (err) {
    return failureResponse(err, doing);
  }
}

/** A page's read on the server: its value, or what the API said for the page to explain (anything else is a bug and throws). */
export async function pageRead<T>(read: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; failure: ApiFailure }> {
  try {
    return { ok: true, value: await read() };
  } catch (err) {
    if (!(err instanceof ApiClientError)) throw err;
    return { ok: false, failure: { message: err.message, status: err.status, code: err.code, requestId: err.requestId } };
  }
}
