// Meeting the book: an owner's order goes in, and the engine's result is booked to owners' fills,
// positions, collateral and orders, the tape and the market maker's quotes.
import { notional } from "../../engine/accounts/market-units";
import { ownerFills, statusOf } from "../../engine/results";
import type { MatchResult, OrderRequest } from "../../engine/types";
import type { PlaceOrder, VenueOrder } from "../venue";
import { bookFill, positionState } from "./accounts";
import { isSimOwner, type OwnedFill, type OwnedOrder, type OwnerChange } from "./change";
import type { SimMarket } from "./sim-market";
import type { SimVenueState } from "./venue-state";

/** Books an engine result: owners' fills, positions, collateral and orders, the tape and the quotes. Returns the owners' fills. */
export function applyResult(state: SimVenueState, market: SimMarket, result: MatchResult, now: number, change: OwnerChange, liquidation = false): OwnedFill[] {
  const booked: OwnedFill[] = [];
  for (const fill of result.fills) {
    const trade = {
      id: `${state.deps.bootId}-${state.name}-${market.spec.symbol}-${fill.seq}`,
      symbol: market.spec.symbol,
      price: fill.price,
      size: fill.size,
      side: fill.takerSide,
      time: now,
    };
    market.recordTrade(trade);
    state.emit({ type: "trade", venue: state.name, trade });
    for (const side of ownerFills(fill)) {
      if (isSimOwner(side.owner)) {
        if (side.liquidity === "MAKER") quoteFilled(market, side.side, fill.price, side.orderId, side.size);
        continue;
      }
      const account = state.account(side.owner, now, change);
      const held = positionState(account, market.spec.symbol, state.defaultLeverage(market));
      const signed = side.side === "BUY" ? side.size : -side.size;
      const realized = bookFill(account, held, market.risk, signed, side.price, side.fee, now);
      const owned: OwnedFill = {
        ownerId: side.owner,
        fillId: `fil_${trade.id}-${side.liquidity === "MAKER" ? "m" : "t"}`,
        orderId: side.orderId,
        venue: state.name,
        symbol: market.spec.symbol,
        side: side.side,
        liquidity: liquidation && side.liquidity === "TAKER" ? "LIQUIDATION" : side.liquidity,
        price: side.price,
        size: side.size,
        fee: side.fee,
        realizedPnl: realized,
        time: now,
      };
      booked.push(owned);
      change.fills.push(owned);
      change.position(side.owner, state.name, market.spec.symbol, held);
      change.account(side.owner, state.name, account);
      const order = state.open.get(side.orderId);
      if (order !== undefined) {
        order.filledSize += side.size;
        order.filledNotional += notional(market.risk.units, side.price, side.size);
        order.fees += side.fee;
        order.updatedAt = now;
        if (order.filledSize === order.size) state.close(order, "FILLED", null, now, change);
        else {
          order.status = "PARTIALLY_FILLED";
          change.order(order);
        }
      }
    }
  }
  for (const c of result.canceled) {
    if (isSimOwner(c.owner)) {
      if (c.openSize === 0) quoteGone(market, c.side, c.price, c.orderId);
      continue;
    }
    const order = state.open.get(c.orderId);
    if (order === undefined) continue;
    if (c.openSize === 0) state.close(order, "CANCELED", c.reason, now, change);
    else {
      order.reason = c.reason;
      order.updatedAt = now;
      change.order(order);
    }
  }
  const ack = result.ack;
  const taker = isSimOwner(ack.owner) ? undefined : state.open.get(ack.orderId);
  if (taker !== undefined) {
    taker.updatedAt = now;
    if (ack.reason !== undefined) taker.reason = ack.reason;
    if (ack.status === "REJECTED") state.close(taker, "REJECTED", ack.reason ?? null, now, change);
    else if (ack.openSize === 0 && !ack.held) state.close(taker, taker.filledSize === taker.size ? "FILLED" : "CANCELED", taker.reason, now, change);
    else {
      taker.status = statusOf(taker.size, taker.filledSize, taker.size - taker.filledSize);
      change.order(taker);
    }
  }
  if (result.deltas.length > 0) state.bookChanged(market, result.updateId, now);
  return booked;
}

/** Creates an owner's order and meets the book with it now (nothing awaits); returns the order's own fills. */
export function submitNow(
  state: SimVenueState,
  owner: string,
  req: PlaceOrder,
  now: number,
  change: OwnerChange,
  liquidation = false,
): { order: OwnedOrder; fills: OwnedFill[] } {
  const market = state.simMarkets.get(req.symbol)!;
  const order: OwnedOrder = {
    ownerId: owner,
    orderId: state.deps.newId("ord"),
    clientOrderId: req.clientOrderId ?? null,
    venue: state.name,
    symbol: req.symbol,
    side: req.side,
    type: req.type,
    timeInForce: req.type === "LIMIT" || req.type === "STOP_LIMIT" ? (req.timeInForce ?? "GTC") : null,
    price: req.price ?? null,
    triggerPrice: req.triggerPrice ?? null,
    size: req.size,
    filledSize: 0,
    filledNotional: 0n,
    fees: 0n,
    status: "NEW",
    reason: null,
    reduceOnly: req.reduceOnly === true,
    createdAt: now,
    updatedAt: now,
  };
  state.track(order);
  const result = market.book.submit(engineOrder(order, req.size, req.protectionPrice), now);
  return { order, fills: applyResult(state, market, result, now, change, liquidation).filter((f) => f.orderId === order.orderId) };
}

/** The engine's view of an order of ours, for `lots` of it. */
export function engineOrder(o: VenueOrder & { ownerId: string }, lots: number, protectionPrice?: number): OrderRequest {
  const base = { id: o.orderId, owner: o.ownerId, side: o.side, size: lots, reduceOnly: o.reduceOnly };
  switch (o.type) {
    case "MARKET":
      return { ...base, type: "MARKET", protectionPrice };
    case "LIMIT":
      return { ...base, type: "LIMIT", price: o.price!, timeInForce: o.timeInForce ?? "GTC" };
    case "STOP_MARKET":
      return { ...base, type: "STOP_MARKET", triggerPrice: o.triggerPrice!, protectionPrice };
    case "STOP_LIMIT":
      return { ...base, type: "STOP_LIMIT", triggerPrice: o.triggerPrice!, price: o.price!, timeInForce: o.timeInForce ?? "GTC" };
  }
}

function quoteFilled(market: SimMarket, makerSide: "BUY" | "SELL", price: number, orderId: string, lots: number): void {
  const quotes = makerSide === "BUY" ? market.quotes.bids : market.quotes.asks;
  const q = quotes.get(price);
  if (q === undefined || q.orderId !== orderId) return;
  q.lots -= lots;
  if (q.lots <= 0) quotes.delete(price);
}

function quoteGone(market: SimMarket, side: "BUY" | "SELL", price: number, orderId: string): void {
  const quotes = side === "BUY" ? market.quotes.bids : market.quotes.asks;
  if (quotes.get(price)?.orderId === orderId) quotes.delete(price);
}
