import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiDeps, AppEnv } from "../context";
import { authGuards } from "../middleware/auth";
import { registerJwksRoute } from "./jwks.routes";
import { registerKeyRoutes } from "./keys.routes";
import { registerMarketDataRoutes } from "./market-data.routes";
import { registerKillSwitchRoutes } from "./kill-switch.routes";
import { registerOrderRoutes } from "./orders.routes";
import { registerPairRoutes } from "./pairs.routes";
import { registerPositionRoutes } from "./positions.routes";
import { registerRiskLimitRoutes } from "./risk-limits.routes";
import { registerSwapRoutes } from "./swap.routes";
import { registerVenueAccountRoutes } from "./venue-accounts.routes";
import { createOpenApiApp } from "../openapi-app";
import { TRADING_API_BASE } from "../paths";

/** The interface version the trading contract states. */
export const TRADING_API_VERSION = "0.1.0";

/** The trading and swap API, mounted at /api. */
export function createTradingApi(deps: ApiDeps): OpenAPIHono<AppEnv> {
  const app = createOpenApiApp();
  const guards = authGuards(deps);
  app.openAPIRegistry.registerComponent("securitySchemes", "agentKey", {
    type: "http",
    scheme: "bearer",
    description: "An agent key (`bourse_sk_live_…`) with the scopes the operation needs.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "ownerJwt", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "A short-lived owner token (EdDSA JWT) minted by the dashboard or a trusted issuer.",
  });
  registerJwksRoute(app);
  registerMarketDataRoutes(app);
  registerKeyRoutes(app, guards);
  registerPositionRoutes(app, guards);
  registerOrderRoutes(app, guards);
  registerPairRoutes(app, guards);
  registerKillSwitchRoutes(app, guards);
  registerRiskLimitRoutes(app, guards);
  registerVenueAccountRoutes(app, guards);
  registerSwapRoutes(app, guards);
  app.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Bourse Trading API",
      version: TRADING_API_VERSION,
      description:
        "Public market data, agent-key execution, cross-chain swaps, agent-key management and owners' venue accounts. " +
        "Every answer except the candles array is an envelope {success, data, error, timestamp}; " +
        "timestamp is in milliseconds since the Unix epoch.",
    },
    servers: [{ url: TRADING_API_BASE, description: "This deployment" }],
  });
  return app;
}
