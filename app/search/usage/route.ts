import { z } from "zod";
import { dashboardNow, ownerRead } from "@/lib/dashboard/api";
import { readUsage } from "@/lib/dashboard/search-usage-read";

const query = z.object({ key: z.string().min(1).max(64) });

/** A key's requests and credits per day over the last fortnight (`?key=<id>`), read with an owner token that stays here. */
export async function GET(request: Request): Promise<Response> {
  const parsed = query.safeParse({ key: new URL(request.url).searchParams.get("key") ?? "" });
  if (!parsed.success) return Response.json({ error: "key: a key id", code: "BAD_REQUEST", requestId: null }, { status: 400 });
  return ownerRead("use the search console", (ownerId) => readUsage(ownerId, parsed.data.key, dashboardNow()));
}
