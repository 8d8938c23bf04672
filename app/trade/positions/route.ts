import { deskTradingClient, tradeDeskRead } from "@/lib/dashboard/trade-desk";

/** The owner's open positions on every venue, read with the desk key on the server. */
export const GET = () => tradeDeskRead(async (ownerId) => (await deskTradingClient(ownerId)).positions());
