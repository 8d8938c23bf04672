import { deskTradingClient, ownerRead } from "@/lib/dashboard/api";

const HISTORY_LIMIT = 100;

/** The owner's order history (every venue's part of every order placed through the API, newest first), read with the desk key on the server. */
export const GET = () =>
  ownerRead("read your order history", async (ownerId) => (await deskTradingClient(ownerId)).orders({ status: "all", limit: HISTORY_LIMIT }));
