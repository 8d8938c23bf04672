import { deskTradingClient, ownerRead } from "@/lib/dashboard/api";

/** The owner's balance on each venue, read with the desk key on the server. */
export const GET = () => ownerRead("read your balances", async (ownerId) => (await deskTradingClient(ownerId)).balances());
