// What an order would take from the account before it is sent: its cost (notional), the initial margin
// at the chosen leverage, and the price at which the venue would liquidate the account if this order
// were its only position (cross margin: the venue's whole equity backs it). Display estimates in
// floating point; the venues compute the real figures in integers.

import type { OrderSide } from "./ticket-form";

export interface MarginInputs {
  side: OrderSide;
  /** Base units. */
  quantity: string;
  /** The price the order is expected to fill at (its limit, the preview's average, or the mark). */
  price: string;
  leverage: number;
  /** Equity of the venue that would hold the position, USD; null when unknown. */
  equity: string | null;
  /** That venue's maintenance margin, basis points of the notional; null when unknown. */
  maintenanceMarginBps: number | null;
}

export interface MarginPreview {
  cost: number;
  margin: number;
  /** null when unknown; "none" when no price liquidates it (a long backed by more than its notional). */
  liquidationPrice: number | "none" | null;
}

export function marginPreview({ side, quantity, price, leverage, equity, maintenanceMarginBps }: MarginInputs): MarginPreview {
  const q = Number(quantity);
  const p = Number(price);
  const cost = q * p;
  const margin = leverage > 0 ? cost / leverage : cost;
  if (equity === null || maintenanceMarginBps === null || !(q > 0)) return { cost, margin, liquidationPrice: null };
  const e = Number(equity);
  const m = maintenanceMarginBps / 10_000;
  // Liquidated where equity + PnL = maintenance margin at that price.
  const liquidation = side === "BUY" ? (q * p - e) / (q * (1 - m)) : (e + q * p) / (q * (1 + m));
  return { cost, margin, liquidationPrice: liquidation > 0 ? liquidation : "none" };
}
