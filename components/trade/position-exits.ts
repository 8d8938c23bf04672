// The position take-profit / stop-loss form → the body of PUT /agent/positions/{symbol}/tpsl, checked in
// the browser first (step and side of the mark); the API checks again against the mark it sees.

import { EXIT_KINDS, exitPrice } from "./exit-prices";
import type { PositionExitsInput } from "@/lib/trading/contract/positions";

export interface ExitsTarget {
  symbol: string;
  venue: string;
  side: "LONG" | "SHORT";
  markPrice: string;
  tickSize: string;
  takeProfit: string | null;
  stopLoss: string | null;
}

export interface ExitsDraft {
  takeProfit: string;
  stopLoss: string;
}

/** What is wrong with each field, if anything; an empty field removes that exit. */
export function exitsDraftErrors(draft: ExitsDraft, target: ExitsTarget): { takeProfit?: string; stopLoss?: string } {
  const long = target.side === "LONG";
  const check = { tick: target.tickSize, long, reference: target.markPrice, who: long ? "long" : "short", against: "the mark" };
  const errors: { takeProfit?: string; stopLoss?: string } = {};
  for (const kind of EXIT_KINDS) {
    if (draft[kind.field].trim() === "") continue;
    const price = exitPrice(draft[kind.field], kind, check);
    if ("error" in price) errors[kind.field] = price.error;
  }
  return errors;
}

/** The request: each field that changed, null for one emptied, only this venue's position. */
export function exitsBody(draft: ExitsDraft, target: ExitsTarget): PositionExitsInput {
  const body: PositionExitsInput = { venue: target.venue };
  for (const field of ["takeProfit", "stopLoss"] as const) {
    const text = draft[field].trim();
    const now = text === "" ? null : text;
    if (now !== target[field]) body[field] = now;
  }
  return body;
}
