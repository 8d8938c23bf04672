import { deskTradingClient, ownerRead } from "@/lib/dashboard/api";

/** The owner's pair trades with their legs and basket PnL, read with the desk key on the server. */
export const GET = () => ownerRead("read your pairs", async (ownerId) => (await deskTradingClient(ownerId)).pairs());
