import { deskTradingClient, tradeDeskRead } from "@/lib/dashboard/trade-desk";

/** The owner's pair trades with their legs and basket PnL, read with the desk key on the server. */
export const GET = () => tradeDeskRead(async (ownerId) => (await deskTradingClient(ownerId)).pairs());
