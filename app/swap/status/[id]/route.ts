import { swapIdParam } from "@/lib/swap/contract";
import { deskSwapClient, ownerRead } from "@/lib/dashboard/api";

/** Where one of the owner's swaps stands (by swap id or transaction hash). */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const parsed = swapIdParam.safeParse(await params);
  if (!parsed.success) return Response.json({ error: "id: must be a swap id or a transaction hash" }, { status: 400 });
  return ownerRead("follow swaps", async (ownerId) => (await deskSwapClient(ownerId)).status(parsed.data.id));
}
