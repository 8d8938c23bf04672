// Orders between the venue interface and ccxt: a PlaceOrder as ccxt's createOrder arguments, and ccxt's
// orders and trades as VenueOrder and VenueFill, in base ticks, lots and quote atoms.
import type { Order, Trade } from "ccxt";
import type { PlaceOrder, Side, TimeInForce, VenueFill, VenueOrder, VenueOrderStatus } from "../venue";
import { boundOnGrid, type LiveMarket, lotsFromVenue, ticksFromVenue, venuePrice, venueSize } from "./markets";
import { atomsOf, decimalText } from "./units";
import { multiplyDecimals } from "../../decimal";
import { isLimitType } from "../../engine/types";

/** ccxt's createOrder arguments. */
export interface CcxtOrderRequest {
  symbol: string;
  type: "market" | "limit";
  side: "buy" | "sell";
  amount: number;
  price: number | undefined;
  params: Record<string, unknown>;
}

/**
 * The createOrder call for an order. A MARKET order goes as an immediate-or-cancel limit at its
 * protection price (it never fills beyond it, on any venue; Hyperliquid's own market orders are such
 * limits too); a stop as a market or limit order with ccxt's unified `triggerPrice` (buys trigger at or
 * above it, sells at or below), its protection price as the market price bound. A protection price is
 * a bound, not a price asked for: it goes onto the venue's grid on its conservative side. Undefined when
 * the order cannot be expressed (a MARKET order without protection).
 */
export function orderRequest(
  market: LiveMarket,
  order: PlaceOrder,
  venueClientOrderId: string | undefined,
  marketOrderParams: Record<string, unknown> = {},
): CcxtOrderRequest | undefined {
  const price = (ticks: number | undefined) => (ticks === undefined ? undefined : Number(venuePrice(market, ticks, order.side)));
  const bound = order.protectionPrice === undefined ? undefined : price(boundOnGrid(market, order.protectionPrice, order.side));
  const params: Record<string, unknown> = {};
  if (order.reduceOnly === true) params.reduceOnly = true;
  if (venueClientOrderId !== undefined) params.clientOrderId = venueClientOrderId;
  const base = { symbol: market.ccxtSymbol, side: order.side === "BUY" ? "buy" : "sell", amount: Number(venueSize(market, order.size)) } as const;
  switch (order.type) {
    case "MARKET":
      if (order.protectionPrice === undefined) return undefined;
      return { ...base, type: "limit", price: bound, params: { ...params, timeInForce: "IOC" } };
    case "LIMIT":
      return { ...base, type: "limit", price: price(order.price), params: { ...params, ...timeInForceParams(order.timeInForce) } };
    case "STOP_MARKET": {
      const trigger = { ...params, ...marketOrderParams, triggerPrice: price(order.triggerPrice) };
      return { ...base, type: "market", price: bound, params: trigger };
    }
    case "STOP_LIMIT":
      return {
        ...base,
        type: "limit",
        price: price(order.price),
        params: { ...params, ...timeInForceParams(order.timeInForce), triggerPrice: price(order.triggerPrice) },
      };
    // ccxt's unified take-profit: sells trigger at or above the price, buys at or below.
    case "TAKE_PROFIT_MARKET":
      return {
        ...base,
        type: "market",
        price: price(order.protectionPrice),
        params: { ...params, ...marketOrderParams, takeProfitPrice: price(order.triggerPrice) },
      };
    case "TAKE_PROFIT_LIMIT":
      return {
        ...base,
        type: "limit",
        price: price(order.price),
        params: { ...params, ...timeInForceParams(order.timeInForce), takeProfitPrice: price(order.triggerPrice) },
      };
  }
}

/** Why an order asks for what this adapter does not send (attached exits), or undefined: refused rather than dropped. */
export function unsupportedOption(venue: string, order: PlaceOrder): string | undefined {
  if (order.takeProfit !== undefined || order.stopLoss !== undefined)
    return `${venue} does not take a take-profit or stop-loss attached to an order here: set them on the position once it is open`;
  return undefined;
}

function timeInForceParams(tif: TimeInForce | undefined): Record<string, unknown> {
  if (tif === "POST_ONLY") return { postOnly: true };
  return tif === "IOC" || tif === "FOK" ? { timeInForce: tif } : { timeInForce: "GTC" };
}

/** A venue order id as the interface shows it: the market's symbol and the venue's id, so calls know the market. */
export const orderIdOf = (market: LiveMarket, venueOrderId: string) => `${market.symbol}.${venueOrderId}`;

/** The symbol and the venue's id in an order id made by orderIdOf; undefined when it is not one. */
export function parseOrderId(orderId: string): { symbol: string; venueOrderId: string } | undefined {
  const dot = orderId.indexOf(".");
  if (dot <= 0 || dot === orderId.length - 1) return undefined;
  return { symbol: orderId.slice(0, dot), venueOrderId: orderId.slice(dot + 1) };
}

/** What this process sent for an order: what ccxt's answer may leave out (Hyperliquid answers a new order with its id alone). */
export type SentOrder = Pick<PlaceOrder, "type" | "side" | "size" | "price" | "triggerPrice" | "timeInForce" | "reduceOnly"> & { clientOrderId: string | null };

/** A ccxt order as a VenueOrder. */
export function venueOrderOf(venue: string, market: LiveMarket, o: Order, sent: SentOrder | undefined, now: number): VenueOrder {
  const type = sent?.type ?? orderTypeOf(o);
  // What we asked for is the size: a venue may answer a new order with what filled alone (Hyperliquid's totalSz).
  const size = sent?.size ?? (o.amount == null ? 0 : lotsFromVenue(market, o.amount));
  const filledSize = o.filled == null ? 0 : lotsFromVenue(market, o.filled);
  const side: Side = o.side === "buy" ? "BUY" : o.side === "sell" ? "SELL" : (sent?.side ?? "BUY");
  // An immediate order the venue answered without a status (Hyperliquid: "filled") is done.
  const immediate = type === "MARKET" || sent?.timeInForce === "IOC";
  const status = statusOf(o.status ?? (immediate ? "closed" : undefined), filledSize, size);
  const tickOf = (p: number | undefined) => (p == null || p <= 0 ? null : ticksFromVenue(market, p, "nearest"));
  return {
    orderId: orderIdOf(market, String(o.id)),
    clientOrderId: sent?.clientOrderId ?? o.clientOrderId ?? null,
    venue,
    symbol: market.symbol,
    side,
    type,
    timeInForce: isLimitType(type) ? (sent?.timeInForce ?? timeInForceOf(o)) : null,
    price: isLimitType(type) ? (sent?.price ?? tickOf(o.price)) : null,
    triggerPrice: sent?.triggerPrice ?? tickOf(o.triggerPrice),
    size,
    filledSize,
    filledNotional: filledNotionalOf(o),
    fees: o.fee?.cost == null ? 0n : atomsOf(o.fee.cost, "up"),
    status,
    reason: reasonOf(status, type, sent?.timeInForce, filledSize, size),
    reduceOnly: sent?.reduceOnly ?? o.reduceOnly === true,
    createdAt: o.timestamp ?? now,
    updatedAt: o.lastUpdateTimestamp ?? o.lastTradeTimestamp ?? o.timestamp ?? now,
  };
}

/** A ccxt trade of the owner's (fetchMyTrades, an order's trades) as a VenueFill. */
export function venueFillOf(venue: string, market: LiveMarket, t: Trade): VenueFill {
  return {
    fillId: String(t.id),
    orderId: orderIdOf(market, String(t.order)),
    venue,
    symbol: market.symbol,
    side: t.side === "sell" ? "SELL" : "BUY",
    liquidity: t.takerOrMaker === "maker" ? "MAKER" : "TAKER",
    price: ticksFromVenue(market, t.price ?? 0, "nearest"),
    size: lotsFromVenue(market, t.amount ?? 0),
    fee: t.fee?.cost == null ? 0n : atomsOf(t.fee.cost, "up"),
    realizedPnl: 0n,
    time: t.timestamp ?? 0,
  };
}

function orderTypeOf(o: Order): VenueOrder["type"] {
  const market = o.type === "market";
  if (o.triggerPrice != null && o.triggerPrice > 0) return market ? "STOP_MARKET" : "STOP_LIMIT";
  return market ? "MARKET" : "LIMIT";
}

function timeInForceOf(o: Order): TimeInForce | null {
  if (o.postOnly === true || o.timeInForce === "PO") return "POST_ONLY";
  if (o.timeInForce === "IOC" || o.timeInForce === "FOK") return o.timeInForce;
  return o.timeInForce === "GTC" ? "GTC" : null;
}

/** Σ price × size of the filled part, quote atoms: ccxt's cost when it has one, else average × filled. */
function filledNotionalOf(o: Order): bigint {
  if (o.cost != null && o.cost > 0) return atomsOf(o.cost, "nearest");
  if (o.average == null || o.filled == null) return 0n;
  return atomsOf(multiplyDecimals(decimalText(o.average), decimalText(o.filled)), "nearest");
}

function statusOf(status: string | undefined, filled: number, size: number): VenueOrderStatus {
  if (status === "open") return filled > 0 ? "PARTIALLY_FILLED" : "NEW";
  if (status === "rejected") return "REJECTED";
  if (status === "closed" && (size === 0 || filled >= size)) return "FILLED";
  // closed with a remainder (an immediate-or-cancel order), canceled, expired
  if (status === "closed" || status === "canceled" || status === "expired") return "CANCELED";
  return filled > 0 ? "PARTIALLY_FILLED" : "NEW";
}

/** Why an order ended without filling whole, in the simulated venues' words. */
function reasonOf(status: VenueOrderStatus, type: VenueOrder["type"], tif: TimeInForce | undefined, filled: number, size: number): string | null {
  if (status !== "CANCELED" || filled >= size) return null;
  if (!isLimitType(type)) return "PRICE_PROTECTION";
  return tif === "IOC" ? "IOC_REMAINDER" : null;
}
