import "server-only";
import { ApiClientError } from "../client/http";
import { publicClients } from "../dashboard/api";
import type { ReferenceApi } from "./apis";
import { buildReferenceView, ReferenceDocumentError, type ReferenceView } from "./view-model";

export type ReferenceLoad =
  | { ok: true; view: ReferenceView }
  /** The API did not answer, or answered with an error. */
  | { ok: false; reason: "unreachable"; message: string; status: number; code: string; requestId: string | null }
  /** The API answered with something that is not a readable OpenAPI document. */
  | { ok: false; reason: "invalid"; message: string };

/** Fetches an API's OpenAPI document through the typed client and reads it for the reference page. */
export async function loadReference(api: ReferenceApi): Promise<ReferenceLoad> {
  const clients = publicClients();
  try {
    const document = await (api === "trading" ? clients.trading : clients.search).openapiDocument();
    return { ok: true, view: buildReferenceView(document) };
  } catch (err) {
    if (err instanceof ApiClientError) {
      return { ok: false, reason: "unreachable", message: err.message, status: err.status, code: err.code, requestId: err.requestId };
    }
    if (err instanceof ReferenceDocumentError) return { ok: false, reason: "invalid", message: err.message };
    throw err;
  }
}
