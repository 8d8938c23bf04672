import { z } from "zod";
import { agentKeySchema, auditEventSchema, mintedAgentKeySchema, rolledAgentKeySchema } from "../api/trading/keys.schema";
import { positionSchema } from "../api/trading/positions.schema";
import { requestJson, unwrapEnvelope, type HttpOptions } from "./http";

export type AgentKeyView = z.infer<typeof agentKeySchema>;
export type MintedAgentKey = z.infer<typeof mintedAgentKeySchema>;
export type RolledAgentKey = z.infer<typeof rolledAgentKeySchema>;
export type AuditEventView = z.infer<typeof auditEventSchema>;
export type MintAgentKeyInput = { name: string; scopes: AgentKeyView["scopes"]; expiresAt?: string | null; ipAllowlist?: string[] };

/** Typed client for the trading API at {base_url}. `token` is an owner token or an agent key, as the call needs. */
export function createTradingClient(opts: HttpOptions) {
  const get = async <T extends z.ZodType>(path: string, schema: T) => unwrapEnvelope((await requestJson(opts, path)).body, schema);
  const send = async <T extends z.ZodType>(method: string, path: string, body: unknown, schema: T) =>
    unwrapEnvelope((await requestJson(opts, path, { method, body })).body, schema);
  return {
    /** The OpenAPI 3.1 document of the trading API. */
    async openapiDocument(): Promise<unknown> {
      return (await requestJson(opts, "/openapi.json")).body;
    },
    // Owner token
    listKeys: () => get("/agent/keys", z.array(agentKeySchema)),
    mintKey: (input: MintAgentKeyInput) => send("POST", "/agent/keys", input, mintedAgentKeySchema),
    revokeKey: (id: string) => send("DELETE", `/agent/keys/${encodeURIComponent(id)}`, undefined, agentKeySchema),
    rollKey: (id: string, gracePeriodSeconds?: number) =>
      send("POST", `/agent/keys/${encodeURIComponent(id)}/roll`, gracePeriodSeconds === undefined ? {} : { gracePeriodSeconds }, rolledAgentKeySchema),
    auditLog: (opts2: { limit?: number; before?: number } = {}) => {
      const q = new URLSearchParams();
      if (opts2.limit) q.set("limit", String(opts2.limit));
      if (opts2.before) q.set("before", String(opts2.before));
      return get(`/agent/audit${q.size ? `?${q}` : ""}`, z.array(auditEventSchema));
    },
    // Agent key
    positions: () => get("/agent/positions", z.array(positionSchema)),
  };
}

export type TradingClient = ReturnType<typeof createTradingClient>;
