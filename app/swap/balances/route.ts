import { swapBalancesQuery } from "@/lib/swap/contract";
import { describeIssues } from "@/lib/api/validation";
import { deskSwapClient, ownerRead } from "@/lib/dashboard/api";

/** Balances on the local chains of `?address=` (a connected wallet), or of the desk wallet when absent. */
export async function GET(request: Request): Promise<Response> {
  const parsed = swapBalancesQuery.safeParse({ address: new URL(request.url).searchParams.get("address") ?? undefined });
  if (!parsed.success) return Response.json({ error: describeIssues(parsed.error, "query") }, { status: 400 });
  return ownerRead("read balances", async (ownerId) => {
    const client = await deskSwapClient(ownerId);
    return parsed.data.address ? client.balances(parsed.data.address) : client.wallet();
  });
}
