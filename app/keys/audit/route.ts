import { z } from "zod";
import { ownerRead, ownerTradingClient } from "@/lib/dashboard/api";
import { AUDIT_PAGE_SIZE, auditPage, type AuditPage } from "@/lib/dashboard/keys-actions-view";

const query = z.object({ before: z.coerce.number().int().min(1).optional() });

/** The keys panel's audit log for "Load more" (`?before=<event id>`), read with an owner token that stays on the server. */
export async function GET(request: Request): Promise<Response> {
  const parsed = query.safeParse({ before: new URL(request.url).searchParams.get("before") ?? undefined });
  if (!parsed.success) return Response.json({ error: "before: must be a positive event id" }, { status: 400 });
  return ownerRead("read the audit log", async (ownerId): Promise<AuditPage> => {
    const client = await ownerTradingClient(ownerId);
    const [events, keys] = await Promise.all([client.auditLog({ limit: AUDIT_PAGE_SIZE, before: parsed.data.before }), client.listKeys()]);
    return auditPage(events, keys, AUDIT_PAGE_SIZE);
  });
}
