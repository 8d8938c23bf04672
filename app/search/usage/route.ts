import { z } from "zod";
import { USAGE_PAGE_SIZE, type UsagePage } from "@/components/search/usage-page";
import { ownerRead, ownerSearchClient } from "@/lib/dashboard/api";

const query = z.object({ key: z.string().min(1).max(64), before: z.coerce.number().int().min(1).optional() });

/** A page of a key's credit ledger, newest first (`?key=<id>&before=<entry id>`), read with an owner token that stays here. */
export async function GET(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const parsed = query.safeParse({ key: params.get("key") ?? "", before: params.get("before") ?? undefined });
  if (!parsed.success)
    return Response.json({ error: "key and before: a key id and a positive entry id", code: "BAD_REQUEST", requestId: null }, { status: 400 });
  return ownerRead("use the search console", async (ownerId): Promise<UsagePage> => {
    const entries = await (await ownerSearchClient(ownerId)).ledger(parsed.data.key, { limit: USAGE_PAGE_SIZE, before: parsed.data.before });
    return { entries, nextBefore: entries.length >= USAGE_PAGE_SIZE ? (entries.at(-1)?.id ?? null) : null };
  });
}
