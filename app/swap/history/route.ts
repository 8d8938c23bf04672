import { deskSwapClient, ownerRead } from "@/lib/dashboard/api";

/** The owner's swaps, newest first, for the desk's history. */
export const GET = () => ownerRead("see your swaps", async (ownerId) => (await deskSwapClient(ownerId)).history());
