import { swapIdParam } from "@/lib/api/trading/swap.schema";
import { currentOwner } from "@/lib/dashboard/session";
import { deskFailure, deskSwapClient } from "../../desk-api";

/** Where one of the owner's swaps stands (by swap id or transaction hash). */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const owner = await currentOwner();
  if (!owner) return Response.json({ error: "Sign in to follow swaps." }, { status: 401 });
  const parsed = swapIdParam.safeParse(await params);
  if (!parsed.success) return Response.json({ error: "id: must be a swap id or a transaction hash" }, { status: 400 });
  try {
    return Response.json(await (await deskSwapClient(owner.ownerId)).status(parsed.data.id), { headers: { "cache-control": "no-store" } });
  } catch (err) {
    const failure = deskFailure(err);
    return Response.json({ error: failure.error }, { status: failure.status });
  }
}
