import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { registerBookRoutes } from "./book.routes";
import { registerCandleRoutes } from "./candles.routes";
import { registerRoutingRoutes } from "./routing.routes";
import { registerTokenPairRoutes } from "./token-pairs.routes";
import { registerTradeRoutes } from "./trades.routes";

/** The public market-data endpoints (docs/market-data.md). */
export function registerMarketDataRoutes(app: OpenAPIHono<AppEnv>): void {
  registerTokenPairRoutes(app);
  registerBookRoutes(app);
  registerCandleRoutes(app);
  registerRoutingRoutes(app);
  registerTradeRoutes(app);
}
