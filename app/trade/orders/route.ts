import { z } from "zod";
import { describeIssues } from "@/lib/api/validation";
import { deskTradingClient, ownerRead } from "@/lib/dashboard/api";

const query = z.object({ symbol: z.string().min(1).max(32).optional() });

/** The owner's live orders (of `?symbol=` when given), read with the desk key on the server. */
export async function GET(request: Request): Promise<Response> {
  const parsed = query.safeParse({ symbol: new URL(request.url).searchParams.get("symbol") ?? undefined });
  if (!parsed.success) return Response.json({ error: describeIssues(parsed.error, "query") }, { status: 400 });
  return ownerRead("read your orders", async (ownerId) => (await deskTradingClient(ownerId)).orders({ status: "open", symbol: parsed.data.symbol }));
}
