// The order ticket's fields → a PlaceOrder body, with a message per field for what is wrong. Pure: the
// ticket component and its tests share it; the API checks everything again.

import type { PlaceOrderInput } from "@/lib/trading/contract/orders";
import { DEFAULT_SLIPPAGE, MAX_SLIPPAGE } from "@/lib/trading/execution/slippage";
import { atLeast, isMultipleOf, multiplyDecimals, positiveDecimal, quantityForNotional } from "@/lib/decimal";
import { EXIT_KINDS, exitPrice } from "./exit-prices";

export type OrderSide = PlaceOrderInput["side"];
export type OrderType = PlaceOrderInput["type"];
export type TimeInForce = NonNullable<PlaceOrderInput["timeInForce"]>;
export type SizeMode = "quantity" | "notional";

export const ORDER_TYPES: readonly { value: OrderType; label: string }[] = [
  { value: "MARKET", label: "Market" },
  { value: "LIMIT", label: "Limit" },
  { value: "STOP_MARKET", label: "Stop market" },
  { value: "STOP_LIMIT", label: "Stop limit" },
  { value: "TAKE_PROFIT_MARKET", label: "Take-profit market" },
  { value: "TAKE_PROFIT_LIMIT", label: "Take-profit limit" },
];

const TIME_IN_FORCE_LABELS: Record<TimeInForce, string> = {
  GTC: "Good till cancelled",
  IOC: "Immediate or cancel",
  FOK: "Fill or kill",
};

/** The time-in-force choices of an order type: limit types rest by default, the others never rest. */
export function timeInForceChoices(type: OrderType): { value: TimeInForce; label: string }[] {
  const values: TimeInForce[] = usesPrice(type) ? ["GTC", "IOC", "FOK"] : ["IOC", "FOK"];
  return values.map((value) => ({ value, label: TIME_IN_FORCE_LABELS[value] }));
}

/** At or above this many US dollars, the ticket asks for a confirmation before sending. */
export const LARGE_ORDER_USD = "25000";

export interface TicketDraft {
  side: OrderSide;
  type: OrderType;
  sizeMode: SizeMode;
  quantity: string;
  notional: string;
  price: string;
  triggerPrice: string;
  reduceOnly: boolean;
  /** "" for the type's default (GTC for limit types, IOC for the others). */
  timeInForce: TimeInForce | "";
  /** LIMIT with GTC only: rest without taking. */
  postOnly: boolean;
  /** Exits attached on entry (trigger prices); "" for none. */
  takeProfit: string;
  stopLoss: string;
  /** A venue name, or "" for smart routing. */
  venue: string;
  /** Market and stop-market orders: the largest price move accepted, in percent; "" for the default. */
  slippagePercent: string;
  /** The leverage to set on the market before the order (a whole number as text); "" leaves it as it is. */
  leverage: string;
}

export interface TicketMarket {
  symbol: string;
  base: string;
  lotSize: string;
  /** The market's price step; a chosen venue's own step when the order goes to one venue. */
  tickSize: string;
  /** The price a market order is expected to fill near (the mark), used to size a notional. */
  markPrice: string | null;
}

export type TicketField = "quantity" | "notional" | "price" | "triggerPrice" | "slippagePercent" | "takeProfit" | "stopLoss";

export type ParsedTicket =
  | { ok: true; order: PlaceOrderInput /** USD at the order's reference price, when one is known. */; notional: string | null }
  | { ok: false; errors: Partial<Record<TicketField, string>> /** The quantity so far, for the routing preview. */; quantity: string | null };

export const usesPrice = (type: OrderType) => type === "LIMIT" || type === "STOP_LIMIT" || type === "TAKE_PROFIT_LIMIT";
export const usesTrigger = (type: OrderType) => type !== "MARKET" && type !== "LIMIT";
/** Orders that fill at market once sent (or triggered) take a slippage bound; limit orders have their price. */
export const usesSlippage = (type: OrderType) => !usesPrice(type);
/** Whether exits may be attached: an order that may open a position (not reduce-only, not itself a take-profit). */
export const takesExits = (draft: Pick<TicketDraft, "type" | "reduceOnly">) => !draft.reduceOnly && !draft.type.startsWith("TAKE_PROFIT");
/** Post-only applies to plain limit orders that rest. */
export const takesPostOnly = (draft: Pick<TicketDraft, "type" | "timeInForce">) =>
  draft.type === "LIMIT" && (draft.timeInForce === "" || draft.timeInForce === "GTC");

export const DEFAULT_SLIPPAGE_PERCENT = String(DEFAULT_SLIPPAGE * 100);
const MAX_SLIPPAGE_PERCENT = MAX_SLIPPAGE * 100;

/** A slippage typed in percent → the API's fraction; undefined for the default. */
function slippageField(text: string): { value?: number; error?: string } {
  if (text.trim() === "") return {};
  const percent = positiveDecimal(text);
  if (percent === null || Number(percent) > MAX_SLIPPAGE_PERCENT) return { error: `Enter a percentage above 0 and at most ${MAX_SLIPPAGE_PERCENT}.` };
  // A fraction is what the API takes; percent to fraction is exact enough for a bound (the server rounds to ppm).
  return { value: Number(percent) / 100 };
}

export function emptyDraft(): TicketDraft {
  return {
    side: "BUY",
    type: "MARKET",
    sizeMode: "quantity",
    quantity: "",
    notional: "",
    price: "",
    triggerPrice: "",
    reduceOnly: false,
    timeInForce: "",
    postOnly: false,
    takeProfit: "",
    stopLoss: "",
    venue: "",
    slippagePercent: "",
    leverage: "",
  };
}

/** The leverage choices offered for a market: common steps up to its maximum, and the maximum itself. */
export function leverageChoices(maxLeverage: number): number[] {
  const steps = [1, 2, 3, 5, 10, 20, 25, 50, 100].filter((l) => l < maxLeverage);
  return [...steps, maxLeverage];
}

function priceField(text: string, tick: string, name: string): { value: string | null; error?: string } {
  if (text.trim() === "") return { value: null, error: `Enter a ${name}.` };
  const value = positiveDecimal(text);
  if (value === null) return { value: null, error: `Enter a ${name} such as 64250.5.` };
  if (!isMultipleOf(value, tick)) return { value: null, error: `Prices go in steps of ${tick}.` };
  return { value };
}

/** The price an order is sized and checked at: its limit, else its trigger, else the mark. */
function referencePrice(type: OrderType, price: string | null, trigger: string | null, mark: string | null): string | null {
  if (usesPrice(type)) return price;
  if (usesTrigger(type)) return trigger;
  return mark;
}

export function parseTicket(draft: TicketDraft, market: TicketMarket): ParsedTicket {
  const errors: Partial<Record<TicketField, string>> = {};
  const price = usesPrice(draft.type) ? priceField(draft.price, market.tickSize, "limit price") : { value: null };
  const trigger = usesTrigger(draft.type) ? priceField(draft.triggerPrice, market.tickSize, "trigger price") : { value: null };
  if (price.error) errors.price = price.error;
  if (trigger.error) errors.triggerPrice = trigger.error;
  const slippage = usesSlippage(draft.type) ? slippageField(draft.slippagePercent) : {};
  if (slippage.error) errors.slippagePercent = slippage.error;
  const reference = referencePrice(draft.type, price.value, trigger.value, market.markPrice);

  let quantity: string | null = null;
  if (draft.sizeMode === "quantity") {
    const typed = positiveDecimal(draft.quantity);
    if (typed === null) errors.quantity = draft.quantity.trim() === "" ? "Enter a size." : `Enter a size such as ${market.lotSize}.`;
    else if (!isMultipleOf(typed, market.lotSize)) errors.quantity = `Sizes go in steps of ${market.lotSize} ${market.base}.`;
    else quantity = typed;
  } else {
    const usd = positiveDecimal(draft.notional);
    if (usd === null) errors.notional = draft.notional.trim() === "" ? "Enter an amount in USD." : "Enter an amount such as 1000.";
    else if (reference === null)
      errors.notional = usesPrice(draft.type) || usesTrigger(draft.type) ? "Enter the price first." : "No mark price yet to size it at.";
    else {
      const lots = quantityForNotional(usd, reference, market.lotSize);
      if (lots === "0") errors.notional = `Less than one lot (${market.lotSize} ${market.base}) at this price.`;
      else quantity = lots;
    }
  }

  const exits = takesExits(draft) ? exitFields(draft, market.tickSize, reference) : {};
  if (exits.errors) Object.assign(errors, exits.errors);
  const timeInForce = draft.timeInForce !== "" && timeInForceChoices(draft.type).some((c) => c.value === draft.timeInForce) ? draft.timeInForce : undefined;

  if (Object.keys(errors).length > 0 || quantity === null) return { ok: false, errors, quantity };
  const order: PlaceOrderInput = {
    symbol: market.symbol,
    side: draft.side,
    type: draft.type,
    quantity,
    ...(price.value ? { price: price.value } : {}),
    ...(trigger.value ? { triggerPrice: trigger.value } : {}),
    ...(draft.reduceOnly ? { reduceOnly: true } : {}),
    ...(timeInForce ? { timeInForce } : {}),
    ...(draft.postOnly && takesPostOnly(draft) ? { postOnly: true } : {}),
    ...(exits.takeProfit ? { takeProfit: exits.takeProfit } : {}),
    ...(exits.stopLoss ? { stopLoss: exits.stopLoss } : {}),
    ...(draft.venue ? { preferredExchange: draft.venue } : {}),
    ...(slippage.value !== undefined ? { slippage: slippage.value } : {}),
    ...(draft.leverage !== "" ? { leverage: Number(draft.leverage) } : {}),
  };
  return { ok: true, order, notional: reference === null ? null : multiplyDecimals(quantity, reference) };
}

/** The attached take-profit and stop-loss, each optional, judged against the order's reference price. */
function exitFields(
  draft: TicketDraft,
  tick: string,
  reference: string | null,
): { takeProfit?: string; stopLoss?: string; errors?: Partial<Record<TicketField, string>> } {
  const errors: Partial<Record<TicketField, string>> = {};
  const out: { takeProfit?: string; stopLoss?: string } = {};
  const against = `${usesPrice(draft.type) ? "its limit" : usesTrigger(draft.type) ? "its trigger" : "the mark"} (${reference})`;
  const check = { tick, long: draft.side === "BUY", reference, who: draft.side === "BUY" ? "buy" : "sell", against };
  for (const kind of EXIT_KINDS) {
    if (draft[kind.field].trim() === "") continue;
    const price = exitPrice(draft[kind.field], kind, check);
    if ("error" in price) errors[kind.field] = price.error;
    else out[kind.field] = price.value;
  }
  return Object.keys(errors).length > 0 ? { errors } : out;
}

/** Whether an order is large enough to confirm first. */
export function isLargeOrder(notional: string | null): boolean {
  return notional !== null && atLeast(notional, LARGE_ORDER_USD);
}
