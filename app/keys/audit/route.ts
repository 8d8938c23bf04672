import { z } from "zod";
import { ApiClientError } from "@/lib/client/http";
import { AUDIT_PAGE_SIZE, auditPage, type AuditPage } from "@/lib/dashboard/keys-actions-view";
import { ownerTradingClient } from "@/lib/dashboard/owner-api";
import { currentOwner } from "@/lib/dashboard/session";

const query = z.object({ before: z.coerce.number().int().min(1).optional() });

/** The keys panel's audit log for "Load more" (`?before=<event id>`), read with an owner token that stays on the server. */
export async function GET(request: Request): Promise<Response> {
  const owner = await currentOwner();
  if (!owner) return Response.json({ error: "Sign in to read the audit log." }, { status: 401 });
  const parsed = query.safeParse({ before: new URL(request.url).searchParams.get("before") ?? undefined });
  if (!parsed.success) return Response.json({ error: "before: must be a positive event id" }, { status: 400 });
  try {
    const client = await ownerTradingClient(owner.ownerId);
    const [events, keys] = await Promise.all([client.auditLog({ limit: AUDIT_PAGE_SIZE, before: parsed.data.before }), client.listKeys()]);
    const page: AuditPage = auditPage(events, keys, AUDIT_PAGE_SIZE);
    return Response.json(page, { headers: { "cache-control": "no-store" } });
  } catch (err) {
    if (!(err instanceof ApiClientError)) throw err;
    return Response.json({ error: err.message, requestId: err.requestId }, { status: err.status >= 400 ? err.status : 502 });
  }
}
