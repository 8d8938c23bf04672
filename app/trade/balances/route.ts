import { deskTradingClient, tradeDeskRead } from "@/lib/dashboard/trade-desk";

/** The owner's balance on each venue, read with the desk key on the server. */
export const GET = () => tradeDeskRead(async (ownerId) => (await deskTradingClient(ownerId)).balances());
