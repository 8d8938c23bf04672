// Shared by the execution routes: TradingError → the API's errors, replay headers, OpenAPI parts.
import type { Context } from "hono";
import type { z } from "zod";
import { TradingError, type TradingErrorKind } from "../../trading/execution/errors";
import type { Executed } from "../../trading/execution/orders";
import type { Caller } from "../../trading/execution/context";
import type { AppEnv } from "../context";
import { ApiError, type ErrorCode } from "../errors";
import { errorEnvelope, errorResponses, ok } from "./envelope";

const CODES: Record<TradingErrorKind, ErrorCode> = {
  invalid: "BAD_REQUEST",
  not_found: "NOT_FOUND",
  conflict: "CONFLICT",
  risk: "RISK_REJECTED",
  rejected: "ORDER_REJECTED",
  idempotency_reused: "IDEMPOTENCY_KEY_REUSED",
  in_progress: "CONFLICT",
  unavailable: "SERVICE_UNAVAILABLE",
  venue_account: "VENUE_ACCOUNT_NOT_LINKED",
  venue_credentials: "VENUE_CREDENTIALS_REJECTED",
  rate_limited: "RATE_LIMITED",
};

/** Runs a trading service call, answering its refusals as the trading API's errors. */
export async function tradingCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof TradingError)
      throw new ApiError(CODES[err.kind], err.message, {
        category: err.category,
        headers: err.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(err.retryAfterSeconds) },
      });
    throw err;
  }
}

/** The agent key's owner and key, as the services take them. */
export const callerOf = (c: Context<AppEnv>): Caller => ({ ownerId: c.var.agent.ownerId, keyId: c.var.agent.keyId });

/** An execution's answer; a replay of an earlier request says so in `Idempotent-Replayed: true`. */
export function executed<T>(c: Context<AppEnv>, run: Executed<T>) {
  if (run.replayed) c.header("Idempotent-Replayed", "true");
  return ok(c, run.result);
}

export const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });

/** The error answers of a POST execution route. */
export const executionErrors = {
  ...errorResponses(400, 401, 404, 409),
  403: {
    description:
      "FORBIDDEN: the key lacks the trade scope or the IP is not allowed. RISK_REJECTED: the risk policy refuses it; `category` names the rule. VENUE_ACCOUNT_NOT_LINKED: the order needs the owner's account on a real venue, not linked yet (the message names the venue). VENUE_CREDENTIALS_REJECTED: the venue refused the linked account's credentials; link it again",
    ...json(errorEnvelope),
  },
  422: { description: "ORDER_REJECTED: a venue refused a leg; what had filled was unwound", ...json(errorEnvelope) },
  429: {
    description: "RATE_LIMITED: a real venue's rate limit; nothing was sent. Retry after Retry-After seconds with the same Idempotency-Key",
    ...json(errorEnvelope),
  },
  503: {
    description:
      "SERVICE_UNAVAILABLE: no venues are running, or (with Retry-After) the venue host could not answer in time, e.g. while another instance takes over, or a real venue cannot be reached or is in maintenance, or every venue listing the market is stale; retry with the same Idempotency-Key",
    ...json(errorEnvelope),
  },
};

export const replayHeader = {
  "Idempotent-Replayed": {
    description: "true when this is the stored answer of an earlier request with the same Idempotency-Key",
    schema: { type: "string" as const },
  },
};

export const agentSecurity = [{ agentKey: [] }];
