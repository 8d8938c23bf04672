// Positions as the desk shows them: one row per market and side, holding the position on each venue
// (its legs, which a smart-routed order spreads across venues), with the totals exact.

import type { PositionView } from "@/lib/trading/contract/positions";
import { atLeast, isMultipleOf, positiveDecimal, sumDecimals } from "@/lib/decimal";

export interface PositionGroup {
  key: string;
  symbol: string;
  side: PositionView["side"];
  size: string;
  unrealizedPnl: string;
  margin: string;
  legs: PositionView[];
}

export function groupPositions(positions: readonly PositionView[]): PositionGroup[] {
  const groups = new Map<string, PositionView[]>();
  for (const p of positions) {
    const key = `${p.symbol}:${p.side}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  return [...groups.entries()]
    .map(([key, legs]) => ({
      key,
      symbol: legs[0]!.symbol,
      side: legs[0]!.side,
      size: sumDecimals(legs.map((l) => l.size)),
      unrealizedPnl: sumDecimals(legs.map((l) => l.unrealizedPnl)),
      margin: sumDecimals(legs.map((l) => l.margin)),
      legs: [...legs].sort((a, b) => a.venue.localeCompare(b.venue)),
    }))
    .sort((a, b) => a.symbol.localeCompare(b.symbol) || a.side.localeCompare(b.side));
}

/**
 * How much of a position to close: everything (no quantity sent) when the typed size is the whole
 * position, else a partial close in whole lots no larger than the position.
 */
export function closeQuantity(text: string, size: string, lot: string | undefined): { ok: true; quantity: string | undefined } | { ok: false; error: string } {
  const typed = positiveDecimal(text);
  if (typed === null) return { ok: false, error: "Enter the size to close." };
  if (lot !== undefined && !isMultipleOf(typed, lot)) return { ok: false, error: `Sizes go in steps of ${lot}.` };
  if (atLeast(typed, size)) return atLeast(size, typed) ? { ok: true, quantity: undefined } : { ok: false, error: `The position holds ${size}.` };
  return { ok: true, quantity: typed };
}
