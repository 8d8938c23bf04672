import { deskTradingClient, ownerRead } from "@/lib/dashboard/api";

/** The owner's open positions on every venue, read with the desk key on the server. */
export const GET = () => ownerRead("read your positions", async (ownerId) => (await deskTradingClient(ownerId)).positions());
