// Readable resources: the market list for everyone, the account for agent keys that may read it.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { tokenPairs } from "../../trading/market-data/token-pairs";
import { marketCall, marketSourceOf } from "../trading/market-data.common";
import { tradingCall } from "../trading/execution";
import { agentOf, sessionOf } from "./session";

export const MARKETS_URI = "bourse://markets";
export const ACCOUNT_URI = "bourse://account";

const json = (uri: string, value: unknown) => ({ contents: [{ uri, mimeType: "application/json", text: JSON.stringify(value) }] });

/** Adds the resources; `account` only for servers of keys that may read the account. */
export function registerResources(server: McpServer, account: boolean): void {
  server.registerResource(
    "markets",
    MARKETS_URI,
    { title: "Markets", description: "Every tradable market, as list_markets answers it.", mimeType: "application/json" },
    async (uri, extra) => json(uri.href, { markets: marketCall(() => tokenPairs(marketSourceOf(sessionOf(extra).deps))) }),
  );
  if (!account) return;
  server.registerResource(
    "account",
    ACCOUNT_URI,
    { title: "Account", description: "The agent key owner's balances, positions and open orders on every venue.", mimeType: "application/json" },
    async (uri, extra) => {
      const session = sessionOf(extra);
      const ownerId = agentOf(session).ownerId;
      const trading = session.deps.trading;
      const [balances, positions, orders] = await tradingCall(() =>
        Promise.all([trading.listBalances(ownerId), trading.listPositions(ownerId), trading.listOrders(ownerId, { status: "open" })]),
      );
      return json(uri.href, { balances, positions, orders });
    },
  );
}
