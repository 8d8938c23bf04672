import type { SwapQuoteView } from "./contract";
import { parseDecimal, pow10 } from "../decimal";

/** What the swap risk check sees: who executes, and what. */
export interface SwapRiskInput {
  ownerId: string;
  quote: SwapQuoteView;
}

export type SwapRiskDecision = { ok: true } | { ok: false; reason: string };

/**
 * The risk check POST /agent/swap/execute applies before the server signs anything. A plain
 * function so the wider risk policy (lib/trading/execution/risk*) can call it, wrap it or replace it in
 * lib/swap/services.ts.
 */
export type SwapRiskCheck = (input: SwapRiskInput) => SwapRiskDecision | Promise<SwapRiskDecision>;

/** Refuses any swap whose input is worth more than `limitUsd` (a decimal string), or whose value is unknown. */
export function maxNotionalPerSwap(limitUsd: string): SwapRiskCheck {
  const limit = parseDecimal(limitUsd);
  return ({ quote }) => {
    if (quote.fromAmountUSD === null) return { ok: false, reason: "The swap's US dollar value is unknown, so the notional limit cannot be checked" };
    const value = parseDecimal(quote.fromAmountUSD);
    // Compare value/10^vs with limit/10^ls exactly.
    if (value.units * pow10(limit.scale) > limit.units * pow10(value.scale)) {
      return { ok: false, reason: `The swap is worth $${quote.fromAmountUSD}, above the limit of $${limitUsd} per swap` };
    }
    return { ok: true };
  };
}
