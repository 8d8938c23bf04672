import { swapQuoteBody } from "@/lib/swap/contract";
import { describeIssues } from "@/lib/api/validation";
import { deskSwapClient, ownerRead } from "@/lib/dashboard/api";

/** The swap desk's quotes (POST, a SwapQuote body), asked with the owner's desk key, which stays on the server. */
export async function POST(request: Request): Promise<Response> {
  const parsed = swapQuoteBody.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: describeIssues(parsed.error, "json") }, { status: 400 });
  return ownerRead("ask for quotes", async (ownerId) => (await deskSwapClient(ownerId)).quote(parsed.data));
}
