// How the trade desk words orders, positions and money. Outcomes in plain words: an order that found
// nothing to fill is "Not filled", which is not "Rejected" (a venue or the risk policy refused it).

import type { OrderView, ParentOrderView } from "@/lib/trading/contract/orders";
import { formatDecimal, signOf } from "@/components/market/format";
import { ORDER_TYPES } from "./ticket-form";

export type Tone = "success" | "warning" | "secondary" | "destructive" | "info";

export interface StatusWords {
  label: string;
  tone: Tone;
}

type Status = OrderView["status"] | ParentOrderView["status"];

/** An order's status as people say it, from its status and what filled. */
export function orderStatusWords(order: { status: Status; filledQuantity: string }): StatusWords {
  const someFilled = signOf(order.filledQuantity) > 0;
  switch (order.status) {
    case "FILLED":
      return { label: "Filled", tone: "success" };
    case "PARTIALLY_FILLED":
      return { label: "Partly filled, rest working", tone: "info" };
    case "NEW":
      return { label: "Working", tone: "info" };
    case "PENDING":
      return { label: "Sent, awaiting the venue", tone: "secondary" };
    case "CANCELED":
      return someFilled ? { label: "Partly filled, rest cancelled", tone: "warning" } : { label: "Not filled", tone: "secondary" };
    case "REJECTED":
      return { label: "Rejected", tone: "destructive" };
  }
}

const REASONS: Record<string, string> = {
  PRICE_PROTECTION: "the rest would have filled beyond the slippage limit",
  NO_LIQUIDITY: "no liquidity on this side",
  IOC_REMAINDER: "the rest found nothing to fill at once",
  LEVEL_SIZE_LIMIT: "the rest exceeded what one price level takes",
  REDUCE_ONLY_CAPPED: "reduce-only: capped at the position's size",
  REDUCE_ONLY_WOULD_INCREASE: "reduce-only: it would have grown the position",
  REDUCE_ONLY: "reduce-only: no longer reduces a position",
  SELF_TRADE: "it would have traded with your own order",
  STOP_WOULD_TRIGGER: "the stop would trigger at once",
  CANCELED_BY_OWNER: "cancelled by you",
  KILL_SWITCH: "cancelled by the kill switch",
  LIQUIDATION: "cancelled by a liquidation",
  NOT_SENT: "never reached the venue",
  FOK_WOULD_NOT_FILL: "fill-or-kill: the book could not fill all of it at once",
  POST_ONLY_WOULD_CROSS: "post-only: it would have taken liquidity",
  POSITION_CLOSED: "its position was closed",
};

/** A child order's reason in words; unknown codes are shown lower-cased. */
export function reasonWords(reason: string | null): string | null {
  if (reason === null) return null;
  return REASONS[reason] ?? reason.toLowerCase().replace(/_/g, " ");
}

export const sideWords = (side: "BUY" | "SELL" | "LONG" | "SHORT") => ({ BUY: "Buy", SELL: "Sell", LONG: "Long", SHORT: "Short" })[side];
export const typeWords = (type: OrderView["type"]) => ORDER_TYPES.find((t) => t.value === type)?.label ?? type;

/** Tone of a signed amount: gains green, losses red. */
export function pnlTone(value: string): "text-success" | "text-destructive" | "text-muted-foreground" {
  const sign = signOf(value);
  return sign > 0 ? "text-success" : sign < 0 ? "text-destructive" : "text-muted-foreground";
}

/** US dollars to the cent: "$1,234.50", "-$12.00"; `signed` adds "+" to gains. */
export function formatUsd(value: string, { signed = false } = {}): string {
  const sign = signOf(value);
  const magnitude = formatDecimal(value.replace(/^[-+]/, ""), 2);
  return `${sign < 0 ? "-" : signed && sign > 0 ? "+" : ""}$${magnitude}`;
}

/** A price or size with the market's decimals when known, else as the API wrote it. */
export function formatAmount(value: string | null, decimals: number | undefined): string {
  if (value === null) return "—";
  return decimals === undefined ? value : formatDecimal(value, decimals);
}

/** The notice an order's answer gets: its status in words, titled with what was asked. */
export function orderNotice(
  order: ParentOrderView,
  base: string,
): { title: string; description: string; tone: "success" | "info" | "warning" | "destructive" } {
  const words = orderStatusWords(order);
  const tone = words.tone === "secondary" ? "warning" : words.tone;
  return { title: `${sideWords(order.side)} ${order.quantity} ${base}: ${words.label.toLowerCase()}`, description: order.outcome, tone };
}
