import { z } from "zod";

/** What an agent key may do: read the account, trade, swap. */
export const AGENT_SCOPES = ["account:read", "trade", "swap"] as const;
export type AgentScope = (typeof AGENT_SCOPES)[number];
export const agentScope = z.enum(AGENT_SCOPES);

/** The presets the keys panel offers; "custom" is any other non-empty set. */
export const SCOPE_PRESETS = {
  "Full trading": ["account:read", "trade", "swap"],
  "Read only": ["account:read"],
  "Swaps only": ["swap"],
} as const satisfies Record<string, readonly AgentScope[]>;
