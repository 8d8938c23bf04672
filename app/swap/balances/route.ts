import { swapBalancesQuery } from "@/lib/api/trading/swap.schema";
import { describeIssues } from "@/lib/api/validation";
import { currentOwner } from "@/lib/dashboard/session";
import { deskFailure, deskSwapClient } from "../desk-api";

/** Balances on the local chains of `?address=` (a connected wallet), or of the desk wallet when absent. */
export async function GET(request: Request): Promise<Response> {
  const owner = await currentOwner();
  if (!owner) return Response.json({ error: "Sign in to read balances." }, { status: 401 });
  const parsed = swapBalancesQuery.safeParse({ address: new URL(request.url).searchParams.get("address") ?? undefined });
  if (!parsed.success) return Response.json({ error: describeIssues(parsed.error, "query") }, { status: 400 });
  try {
    const client = await deskSwapClient(owner.ownerId);
    const balances = parsed.data.address ? await client.balances(parsed.data.address) : await client.wallet();
    return Response.json(balances, { headers: { "cache-control": "no-store" } });
  } catch (err) {
    const failure = deskFailure(err);
    return Response.json({ error: failure.error }, { status: failure.status });
  }
}
