import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { SwapError, type SwapErrorKind } from "../../swap/errors";
import type { AppEnv } from "../context";
import { ApiError, type ErrorCode } from "../errors";
import type { AuthGuards } from "../middleware/auth";
import { envelopeOf, errorResponses, errorEnvelope, ok } from "./envelope";
import { callerOf, executed, replayHeader, tradingCall } from "./execution";
import { idempotencyHeaders } from "../../trading/contract/orders";
import {
  preparedSwapSchema,
  swapBalancesQuery,
  swapChainsSchema,
  swapExecuteBody,
  swapFaucetBody,
  swapFaucetResultSchema,
  swapIdParam,
  swapListQuery,
  swapPrepareBody,
  swapQuoteBody,
  swapQuoteSchema,
  swapStatusSchema,
  swapWalletSchema,
} from "../../swap/contract";

const security = [{ agentKey: [] }];
const tags = ["Swaps"];
const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
/** The 403 of a route the owner's rules for the key cover. */
const refusals = (rules: string) => ({
  403: {
    description: `FORBIDDEN: the key lacks the swap scope or the IP is not allowed, or the per-swap notional limit refuses it. RISK_REJECTED: ${rules}; \`category\` names the rule, never its threshold or list`,
    ...json(errorEnvelope),
  },
});
const KILL = "the owner's kill switch covers the key (KILL_SWITCH)";
const RECIPIENT = "toAddress is not the swap's own sender, one of the owner's wallets or on the key's swapRecipients (SWAP_RECIPIENT)";
const DAILY = "the swap would take the key's executed swaps this UTC day over its swapDailyLimitUsd (SWAP_DAILY_NOTIONAL)";
const unavailable = { 503: { description: "The chains or the swap provider cannot be reached (SERVICE_UNAVAILABLE)", ...json(errorEnvelope) } };

const CODES: Record<SwapErrorKind, ErrorCode> = {
  invalid: "BAD_REQUEST",
  not_found: "NOT_FOUND",
  no_route: "NOT_FOUND",
  conflict: "CONFLICT",
  refused: "FORBIDDEN",
  risk: "RISK_REJECTED",
  unavailable: "SERVICE_UNAVAILABLE",
};

/** Runs a swap service call, answering its refusals (and its Idempotency-Key's) as the trading API's errors. */
export async function swapCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await tradingCall(fn);
  } catch (err) {
    if (err instanceof SwapError) throw new ApiError(CODES[err.kind], err.message, { category: err.category });
    throw err;
  }
}

export function registerSwapRoutes(app: OpenAPIHono<AppEnv>, guards: AuthGuards): void {
  const swapKey = guards.agentKey("swap");

  app.openapi(
    createRoute({
      method: "get",
      path: "/swap/chains",
      tags,
      summary: "Chains and tokens for swaps",
      description:
        "Which provider answers quotes, whether it is available here, and the chains (with tokens and, for the local chains, RPC URLs) it swaps on. Public.",
      responses: { 200: { description: "Chains", ...json(envelopeOf(swapChainsSchema)) } },
    }),
    (c) => ok(c, c.var.deps.swap.chains()),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/agent/swap/quote",
      tags,
      summary: "Quote a swap",
      description:
        "Prices a same-chain or cross-chain swap of `fromAmount` (an integer in the token's smallest unit: wei, or lamports on Solana with the LI.FI provider). " +
        "Chains by id or key, tokens by address or symbol. The quote has an id for prepare and execute and expires after two minutes. " +
        "404 NOT_FOUND when no route exists at that size. The key's swap policy applies: a `toAddress` other than the sender must be one of the owner's wallets " +
        "or on the key's `swapRecipients`, and the swap must fit the key's daily limit (403 RISK_REJECTED). Needs the swap scope.",
      security,
      middleware: [swapKey],
      request: { body: { ...json(swapQuoteBody), required: true } },
      responses: {
        200: { description: "The quote", ...json(envelopeOf(swapQuoteSchema)) },
        ...errorResponses(400, 401, 404),
        ...refusals([KILL, RECIPIENT, DAILY].join("; ")),
        ...unavailable,
      },
    }),
    async (c) => ok(c, await swapCall(() => c.var.deps.swap.quote(callerOf(c), c.req.valid("json")))),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/agent/swap/prepare",
      tags,
      summary: "Prepare a swap for your own wallet",
      description:
        "The unsigned transactions that carry out a quote for `fromAddress`, in order, each with its chain id: an approval of the exact amount when the allowance is short " +
        "(preceded by a reset to zero for tokens that require it), then the swap or bridge deposit. 409 when the quote expired or the balance is short. " +
        "After sending, follow it with GET /agent/swap/{hash}. The calling key's recipient rule applies, whichever key asked for the quote. Needs the swap scope.",
      security,
      middleware: [swapKey],
      request: { body: { ...json(swapPrepareBody), required: true } },
      responses: {
        200: { description: "Transactions to sign", ...json(envelopeOf(preparedSwapSchema)) },
        ...errorResponses(400, 401, 404, 409),
        ...refusals([KILL, RECIPIENT].join("; ")),
        ...unavailable,
      },
    }),
    async (c) => ok(c, await swapCall(() => c.var.deps.swap.prepare(callerOf(c), c.req.valid("json")))),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/agent/swap/execute",
      tags,
      summary: "Execute a swap headlessly",
      description:
        "Signs and sends a quote's transactions with the owner's server-held wallet (GET /agent/swap/wallet), after the risk checks: maximum notional per swap " +
        "(403 FORBIDDEN beyond it), then the calling key's swap policy: recipient and daily limit (403 RISK_REJECTED). An owner's executes run one at a time, " +
        "so parallel executes cannot together pass a daily limit only one fits. A quote executes at most once (409 on a second try); " +
        "with an Idempotency-Key, a retry (after a lost answer) answers the first execute's answer again (`Idempotent-Replayed: true`) instead of 409. " +
        "Returns the swap, PENDING, with its transaction hashes. Needs the swap scope.",
      security,
      middleware: [swapKey],
      request: { headers: idempotencyHeaders, body: { ...json(swapExecuteBody), required: true } },
      responses: {
        200: { description: "The swap, sent", headers: replayHeader, ...json(envelopeOf(swapStatusSchema)) },
        ...errorResponses(400, 401, 404, 409),
        ...refusals([KILL, RECIPIENT, DAILY].join("; ")),
        ...unavailable,
      },
    }),
    async (c) =>
      executed(
        c,
        await swapCall(() => c.var.deps.swap.execute(callerOf(c), c.req.valid("json"), { idempotencyKey: c.req.valid("header")["idempotency-key"] })),
      ),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/agent/swaps",
      tags,
      summary: "Swap history",
      description: "The owner's swaps, newest first, with their current status. Needs the swap scope.",
      security,
      middleware: [swapKey],
      request: { query: swapListQuery },
      responses: { 200: { description: "Swaps", ...json(envelopeOf(z.array(swapStatusSchema))) }, ...errorResponses(400, 401, 403), ...unavailable },
    }),
    async (c) => ok(c, await swapCall(() => c.var.deps.swap.list(c.var.agent.ownerId, c.req.valid("query").limit))),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/agent/swap/wallet",
      tags,
      summary: "The server-held wallet",
      description:
        "The address execute signs with (created on first use; its key is sealed at rest) and its balances on the local chains. Needs the swap scope.",
      security,
      middleware: [swapKey],
      responses: { 200: { description: "The wallet", ...json(envelopeOf(swapWalletSchema)) }, ...errorResponses(401, 403), ...unavailable },
    }),
    async (c) => ok(c, await swapCall(() => c.var.deps.swap.wallet(c.var.agent.ownerId))),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/agent/swap/balances",
      tags,
      summary: "Token balances on the local chains",
      description:
        "Every token's balance, and native coin for gas, of `address` (the server-held wallet when absent) on each local chain. Needs the swap scope.",
      security,
      middleware: [swapKey],
      request: { query: swapBalancesQuery },
      responses: { 200: { description: "Balances", ...json(envelopeOf(swapWalletSchema)) }, ...errorResponses(400, 401, 403), ...unavailable },
    }),
    async (c) => ok(c, await swapCall(() => c.var.deps.swap.balances(c.var.agent.ownerId, c.req.valid("query").address))),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/agent/swap/faucet",
      tags,
      summary: "Fund an address on the local chains",
      description:
        "Sends test tokens and native coin for gas to `address` on every local chain. Local provider only. Refused while the kill switch covers the key. Needs the swap scope.",
      security,
      middleware: [swapKey],
      request: { body: { ...json(swapFaucetBody), required: true } },
      responses: {
        200: { description: "What was sent", ...json(envelopeOf(swapFaucetResultSchema)) },
        ...errorResponses(400, 401),
        ...refusals(KILL),
        ...unavailable,
      },
    }),
    async (c) => ok(c, await swapCall(() => c.var.deps.swap.faucet(callerOf(c), c.req.valid("json").address))),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/agent/swap/{id}",
      tags,
      summary: "Status of a swap",
      description:
        "PENDING, DONE or FAILED with a substatus: WAIT_SOURCE_CONFIRMATIONS, WAIT_DESTINATION_TRANSACTION, COMPLETED, REFUNDED and others. " +
        "Takes a swap id or the hash of its swap or bridge transaction; a hash sent from your own wallet after prepare is matched to its quote here. Needs the swap scope.",
      security,
      middleware: [swapKey],
      request: { params: swapIdParam },
      responses: { 200: { description: "The swap", ...json(envelopeOf(swapStatusSchema)) }, ...errorResponses(400, 401, 403, 404), ...unavailable },
    }),
    async (c) => ok(c, await swapCall(() => c.var.deps.swap.status(c.var.agent.ownerId, c.req.valid("param").id))),
  );
}
