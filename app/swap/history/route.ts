import { currentOwner } from "@/lib/dashboard/session";
import { deskFailure, deskSwapClient } from "../desk-api";

/** The owner's swaps, newest first, for the desk's history. */
export async function GET(): Promise<Response> {
  const owner = await currentOwner();
  if (!owner) return Response.json({ error: "Sign in to see your swaps." }, { status: 401 });
  try {
    return Response.json(await (await deskSwapClient(owner.ownerId)).history(), { headers: { "cache-control": "no-store" } });
  } catch (err) {
    const failure = deskFailure(err);
    return Response.json({ error: failure.error }, { status: failure.status });
  }
}
