import { z } from "zod";
import { agentKeySchema, mintedAgentKeySchema, rolledAgentKeySchema } from "../auth/contract/agent-keys";
import { auditEventSchema } from "../auth/contract/audit";
import { orderPreviewSchema } from "../trading/contract/order-preview";
import { orderSchema, parentOrderSchema, type OrderListStatus, type PlaceOrderInput } from "../trading/contract/orders";
import { type openPairBody, pairSchema } from "../trading/contract/pairs";
import { ownerRiskLimitsSchema, riskOverrideSchema, type RiskOverrideInput } from "../trading/contract/risk-limits";
import { keyActivitySchema } from "../trading/contract/key-activity";
import {
  balanceSchema,
  positionExitsResultSchema,
  positionResultSchema,
  positionSchema,
  type ClosePositionInput,
  type OpenPositionInput,
  type PositionExitsInput,
} from "../trading/contract/positions";
import { linkedVenueAccountSchema, type linkVenueAccountBody, venueAccountSchema } from "../venues/accounts/contract";
import { requestJson, unwrapEnvelope, type HttpOptions } from "./http";

export type { OrderListStatus, OrderView, ParentOrderView, PlaceOrderInput } from "../trading/contract/orders";
export type { OrderPreviewView, RiskVerdictView } from "../trading/contract/order-preview";
export type { PairView } from "../trading/contract/pairs";
export type { BalanceView, ClosePositionInput, OpenPositionInput, PositionView } from "../trading/contract/positions";

const killSwitchSchema = z.object({ all: z.boolean(), keys: z.array(z.object({ keyId: z.string(), engagedAt: z.string() })) });
export type KillSwitchView = z.infer<typeof killSwitchSchema>;

export interface OrderListRequest {
  status?: OrderListStatus;
  symbol?: string;
  /** Only orders placed with this agent key. */
  keyId?: string;
  limit?: number;
}

export type AgentKeyView = z.infer<typeof agentKeySchema>;
export type MintedAgentKey = z.infer<typeof mintedAgentKeySchema>;
export type RolledAgentKey = z.infer<typeof rolledAgentKeySchema>;
export type AuditEventView = z.infer<typeof auditEventSchema>;
export type { LinkedVenueAccountView, VenueAccountView } from "../venues/accounts/contract";
export type OpenPairInput = z.input<typeof openPairBody>;
export type MintAgentKeyInput = {
  name: string;
  scopes: AgentKeyView["scopes"];
  expiresAt?: string | null;
  ipAllowlist?: string[];
  swapRecipients?: string[];
  swapDailyLimitUsd?: string | null;
};
export type SwapPolicyUpdate = { swapRecipients?: string[]; swapDailyLimitUsd?: string | null };

/** Typed client for the trading API at {base_url}. `token` is an owner token or an agent key, as the call needs. */
export function createTradingClient(opts: HttpOptions) {
  const get = async <T extends z.ZodType>(path: string, schema: T) => unwrapEnvelope((await requestJson(opts, path)).body, schema);
  const send = async <T extends z.ZodType>(method: string, path: string, body: unknown, schema: T) =>
    unwrapEnvelope((await requestJson(opts, path, { method, body })).body, schema);
  /**
   * An execution route (POST, or DELETE for a cancel), always under an Idempotency-Key (a new one when none
   * is given), so a retry after a lost answer repeats nothing: the same key with the same request answers
   * the first result again.
   */
  const execute = async <T extends z.ZodType>(path: string, body: unknown, schema: T, idempotencyKey: string = crypto.randomUUID(), method = "POST") =>
    unwrapEnvelope((await requestJson(opts, path, { method, body, headers: { "idempotency-key": idempotencyKey } })).body, schema);
  const cancelOrder = (venue: string, orderId: string, idempotencyKey?: string) =>
    execute(`/agent/orders/${encodeURIComponent(venue)}/${encodeURIComponent(orderId)}`, undefined, orderSchema, idempotencyKey, "DELETE");
  return {
    /** The OpenAPI 3.1 document of the trading API. */
    async openapiDocument(): Promise<unknown> {
      return (await requestJson(opts, "/openapi.json")).body;
    },
    // Owner token
    listKeys: () => get("/agent/keys", z.array(agentKeySchema)),
    mintKey: (input: MintAgentKeyInput) => send("POST", "/agent/keys", input, mintedAgentKeySchema),
    /** Replaces the key's swap recipients and/or daily swap limit. */
    updateKeySwapPolicy: (id: string, change: SwapPolicyUpdate) => send("PATCH", `/agent/keys/${encodeURIComponent(id)}`, change, agentKeySchema),
    revokeKey: (id: string) => send("DELETE", `/agent/keys/${encodeURIComponent(id)}`, undefined, agentKeySchema),
    rollKey: (id: string, gracePeriodSeconds?: number) =>
      send("POST", `/agent/keys/${encodeURIComponent(id)}/roll`, gracePeriodSeconds === undefined ? {} : { gracePeriodSeconds }, rolledAgentKeySchema),
    auditLog: (opts2: { limit?: number; before?: number } = {}) => {
      const q = new URLSearchParams();
      if (opts2.limit) q.set("limit", String(opts2.limit));
      if (opts2.before) q.set("before", String(opts2.before));
      return get(`/agent/audit${q.size ? `?${q}` : ""}`, z.array(auditEventSchema));
    },
    /** Per key: orders placed and when the last. */
    keyActivity: () => get("/agent/keys/activity", z.array(keyActivitySchema)),
    killSwitch: () => get("/agent/kill-switch", killSwitchSchema),
    /** Pulls the switch for one key, or every key when `keyId` is absent. */
    engageKillSwitch: (keyId?: string) =>
      send("POST", "/agent/kill-switch", keyId === undefined ? {} : { keyId }, z.object({ state: killSwitchSchema, cancelled: z.int() })),
    releaseKillSwitch: (keyId?: string) =>
      send("DELETE", `/agent/kill-switch${keyId === undefined ? "" : `?keyId=${encodeURIComponent(keyId)}`}`, undefined, killSwitchSchema),
    /** The limits the owner set for all keys and for each key. */
    riskLimits: () => get("/agent/risk-limits", ownerRiskLimitsSchema),
    /** Replaces the owner's limits for one key, or for all keys when `keyId` is null; {} removes them. */
    setRiskLimits: (keyId: string | null, limits: RiskOverrideInput) =>
      send("PUT", keyId === null ? "/agent/risk-limits" : `/agent/keys/${encodeURIComponent(keyId)}/risk-limits`, limits, riskOverrideSchema),
    /** The configured real venues and the owner's accounts on them (masked). */
    venueAccounts: () => get("/agent/venue-accounts", z.array(venueAccountSchema)),
    /** Checks the credentials with the venue, then links them (replacing the account linked there). */
    linkVenueAccount: (venue: string, credentials: z.input<typeof linkVenueAccountBody>) =>
      send("PUT", `/agent/venue-accounts/${encodeURIComponent(venue)}`, credentials, linkedVenueAccountSchema),
    removeVenueAccount: (venue: string) => send("DELETE", `/agent/venue-accounts/${encodeURIComponent(venue)}`, undefined, venueAccountSchema),
    // Agent key
    positions: () => get("/agent/positions", z.array(positionSchema)),
    balances: () => get("/agent/balances", z.array(balanceSchema)),
    /** Live orders by default; `status` other than open reads the history of orders placed through the API. */
    orders: (request: OrderListRequest = {}) => {
      const q = new URLSearchParams();
      for (const [name, value] of Object.entries(request)) if (value !== undefined) q.set(name, String(value));
      return get(`/agent/orders${q.size ? `?${q}` : ""}`, z.array(orderSchema));
    },
    placeOrder: (input: PlaceOrderInput, idempotencyKey?: string) => execute("/agent/orders", input, parentOrderSchema, idempotencyKey),
    /** What placing the order would do now (routing plan, fills, fees, risk verdict), sending nothing. */
    previewOrder: (input: PlaceOrderInput) => send("POST", "/agent/orders/preview", input, orderPreviewSchema),
    cancelOrder,
    /** Cancels every live order (of one symbol when given); answers those cancelled and the refusals' messages. */
    cancelAllOrders: async (symbol?: string) => {
      const open = (await get(`/agent/orders${symbol ? `?symbol=${encodeURIComponent(symbol)}` : ""}`, z.array(orderSchema))).filter((o) => o.orderId !== null);
      const done = await Promise.allSettled(open.map((o) => cancelOrder(o.venue, o.orderId!)));
      return {
        cancelled: done.flatMap((d) => (d.status === "fulfilled" ? [d.value] : [])),
        failures: done.flatMap((d) => (d.status === "rejected" ? [d.reason instanceof Error ? d.reason.message : String(d.reason)] : [])),
      };
    },
    openPosition: (input: OpenPositionInput, idempotencyKey?: string) => execute("/agent/positions/open", input, positionResultSchema, idempotencyKey),
    closePosition: (input: ClosePositionInput, idempotencyKey?: string) => execute("/agent/positions/close", input, positionResultSchema, idempotencyKey),
    /** Sets or replaces a position's take-profit and stop-loss (null removes one, absent leaves it). */
    setPositionExits: (symbol: string, input: PositionExitsInput, idempotencyKey?: string) =>
      execute(`/agent/positions/${encodeURIComponent(symbol)}/tpsl`, input, positionExitsResultSchema, idempotencyKey, "PUT"),
    pairs: () => get("/agent/pairs", z.array(pairSchema)),
    openPair: (input: OpenPairInput, idempotencyKey?: string) => execute("/agent/pair/open", input, pairSchema, idempotencyKey),
    closePair: (id: string, idempotencyKey?: string) => execute(`/agent/pair/${encodeURIComponent(id)}/close`, undefined, pairSchema, idempotencyKey),
  };
}

export type TradingClient = ReturnType<typeof createTradingClient>;
