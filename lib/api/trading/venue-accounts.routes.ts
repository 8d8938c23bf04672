import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { linkedVenueAccountSchema, linkVenueAccountBody, venueAccountSchema, venueParam } from "../../venues/accounts/contract";
import { VenueAccountError, type VenueAccountErrorKind } from "../../venues/accounts/service";
import type { AppEnv } from "../context";
import type { AuthGuards } from "../middleware/auth";
import { ApiError, type ErrorCode } from "../errors";
import { envelopeOf, errorEnvelope, errorResponses, ok } from "./envelope";
import { json } from "./execution";

const tags = ["Venue accounts"];
const security = [{ ownerJwt: [] }];

const CODES: Record<VenueAccountErrorKind, ErrorCode> = {
  invalid: "BAD_REQUEST",
  unknown_venue: "NOT_FOUND",
  not_linked: "NOT_FOUND",
  refused: "CREDENTIALS_REJECTED",
  unavailable: "SERVICE_UNAVAILABLE",
};

/** Runs a venue-account call, answering its refusals as the trading API's errors. */
async function accountCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof VenueAccountError)
      throw new ApiError(CODES[err.kind], err.message, {
        headers: err.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(err.retryAfterSeconds) },
      });
    throw err;
  }
}

export function registerVenueAccountRoutes(app: OpenAPIHono<AppEnv>, guards: AuthGuards): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/agent/venue-accounts",
      tags,
      summary: "List venue accounts",
      description:
        "Every real venue configured here, whether the owner linked an account on it (shown masked: the main account address, or the API key's first and last characters) " +
        "and what linking one asks for; then any venue the owner linked that is no longer configured. Simulated venues need no account and are not listed. Owner token.",
      security,
      middleware: [guards.owner],
      responses: { 200: { description: "The venues and the owner's accounts", ...json(envelopeOf(z.array(venueAccountSchema))) }, ...errorResponses(401) },
    }),
    async (c) => ok(c, await c.var.deps.venueAccounts.list(c.var.ownerId)),
  );

  app.openapi(
    createRoute({
      method: "put",
      path: "/agent/venue-accounts/{venue}",
      tags,
      summary: "Link a venue account",
      description:
        "Checks the credentials with the venue by reading the account's balance, then stores them sealed, replacing the account linked on that venue if any. " +
        "The owner's agent keys trade on the accounts linked here. Hyperliquid takes `walletAddress` (the main account) and `privateKey` (an API wallet it approved, " +
        "never the main account's own key); Binance USDⓈ-M takes `apiKey` and `secret` (a key with futures trading and no withdrawal rights). " +
        "Linking, replacing and failed checks are recorded in the audit log with the venue and the account's identifier, never a credential. Owner token.",
      security,
      middleware: [guards.owner],
      request: { params: venueParam, body: { ...json(linkVenueAccountBody), required: true } },
      responses: {
        200: { description: "The account, checked and linked", ...json(envelopeOf(linkedVenueAccountSchema)) },
        ...errorResponses(400, 401),
        404: { description: "NOT_FOUND: no real venue of that name is configured here", ...json(errorEnvelope) },
        422: { description: "CREDENTIALS_REJECTED: the venue refused the credentials when checked; its reason is in the message", ...json(errorEnvelope) },
        503: {
          description: "SERVICE_UNAVAILABLE: the venue could not be reached to check the account; retry after Retry-After seconds",
          ...json(errorEnvelope),
        },
      },
    }),
    async (c) => ok(c, await accountCall(() => c.var.deps.venueAccounts.link(c.var.ownerId, c.req.valid("param").venue, c.req.valid("json")))),
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/agent/venue-accounts/{venue}",
      tags,
      summary: "Remove a venue account",
      description: "Forgets the owner's credentials for the venue at once, on every instance; recorded in the audit log. Owner token.",
      security,
      middleware: [guards.owner],
      request: { params: venueParam },
      responses: {
        200: { description: "The venue, with no account linked", ...json(envelopeOf(venueAccountSchema)) },
        ...errorResponses(400, 401, 404),
      },
    }),
    async (c) => ok(c, await accountCall(() => c.var.deps.venueAccounts.remove(c.var.ownerId, c.req.valid("param").venue))),
  );
}
