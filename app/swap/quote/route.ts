import { swapQuoteBody } from "@/lib/api/trading/swap.schema";
import { describeIssues } from "@/lib/api/validation";
import { currentOwner } from "@/lib/dashboard/session";
import { deskFailure, deskSwapClient } from "../desk-api";

/** The swap desk's quotes (POST, a SwapQuote body), asked with the owner's desk key, which stays on the server. */
export async function POST(request: Request): Promise<Response> {
  const owner = await currentOwner();
  if (!owner) return Response.json({ error: "Sign in to ask for quotes." }, { status: 401 });
  const parsed = swapQuoteBody.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: describeIssues(parsed.error, "json") }, { status: 400 });
  try {
    const quote = await (await deskSwapClient(owner.ownerId)).quote(parsed.data);
    return Response.json(quote, { headers: { "cache-control": "no-store" } });
  } catch (err) {
    const failure = deskFailure(err);
    return Response.json({ error: failure.error }, { status: failure.status });
  }
}
