// Meeting the book: an owner's order goes in, and the engine's result is booked to owners' fills,
// positions, collateral and orders, the tape and the market maker's quotes.
import { notional } from "../../engine/accounts/market-units";
import { ownerFills, statusOf } from "../../engine/results";
import { isLimitType, type MatchResult, type OrderRequest } from "../../engine/types";
import type { PlaceOrder, VenueOrder } from "../venue";
import { bookFill, positionState } from "./accounts";
import { isSimOwner, type OwnedFill, type OwnedOrder, type OwnerChange } from "./change";
import type { SimMarket } from "./sim-market";
import type { SimVenueState } from "./venue-state";

/** Books an engine result: owners' fills, positions, collateral and orders, the tape and the quotes. Returns the owners' fills. */
export function applyResult(state: SimVenueState, market: SimMarket, result: MatchResult, now: number, change: OwnerChange, liquidation = false): OwnedFill[] {
  const booked: OwnedFill[] = [];
  /** Lots filled here of orders carrying exits, by order. */
  const withExits = new Map<OwnedOrder, number>();
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
        if (hasExits(order)) withExits.set(order, (withExits.get(order) ?? 0) + side.size);
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
  for (const [order, lots] of withExits) placeExits(state, order, lots, now, change);
  for (const owner of new Set(booked.map((f) => f.ownerId))) {
    if (state.heldLots(owner, market.spec.symbol) === 0) cancelReduceOnly(state, market, owner, now, change);
  }
  return booked;
}

const hasExits = (o: OwnedOrder) => o.takeProfit != null || o.stopLoss != null;

/**
 * An order's attached exits for `lots` it just filled: a reduce-only take-profit and stop-loss on the
 * other side, at market once triggered. Their client ids name the order and how much of it had filled,
 * so each is unique and traces back to it (its parent order, through the execution layer's client id).
 */
function placeExits(state: SimVenueState, entry: OwnedOrder, lots: number, now: number, change: OwnerChange): void {
  const side = entry.side === "BUY" ? "SELL" : "BUY";
  const exits = [
    ["TAKE_PROFIT_MARKET", entry.takeProfit, "tp"],
    ["STOP_MARKET", entry.stopLoss, "sl"],
  ] as const;
  for (const [type, triggerPrice, tag] of exits) {
    if (triggerPrice == null) continue;
    const clientOrderId = `${entry.clientOrderId ?? entry.orderId}.${tag}${entry.filledSize}`;
    submitNow(state, entry.ownerId, { symbol: entry.symbol, side, type, size: lots, triggerPrice, reduceOnly: true, clientOrderId }, now, change);
  }
}

/** Reduce-only orders live as long as the position they reduce: once it is closed, the owner's in this market are cancelled. */
function cancelReduceOnly(state: SimVenueState, market: SimMarket, owner: string, now: number, change: OwnerChange): void {
  for (const order of [...state.open.values()]) {
    if (order.ownerId !== owner || order.symbol !== market.spec.symbol || !order.reduceOnly) continue;
    const cancelled = market.book.cancel(order.orderId);
    state.close(order, "CANCELED", "POSITION_CLOSED", now, change);
    if (cancelled.found && cancelled.deltas.length > 0) state.bookChanged(market, cancelled.updateId, now);
  }
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
    timeInForce: req.timeInForce ?? (isLimitType(req.type) ? "GTC" : null),
    price: req.price ?? null,
    triggerPrice: req.triggerPrice ?? null,
    size: req.size,
    filledSize: 0,
    filledNotional: 0n,
    fees: 0n,
    status: "NEW",
    reason: null,
    reduceOnly: req.reduceOnly === true,
    takeProfit: req.takeProfit ?? null,
    stopLoss: req.stopLoss ?? null,
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
  const immediate = o.timeInForce === "FOK" ? ({ timeInForce: "FOK" } as const) : {};
  switch (o.type) {
    case "MARKET":
      return { ...base, ...immediate, type: "MARKET", protectionPrice };
    case "LIMIT":
      return { ...base, type: "LIMIT", price: o.price!, timeInForce: o.timeInForce ?? "GTC" };
    case "STOP_MARKET":
    case "TAKE_PROFIT_MARKET":
      return { ...base, ...immediate, type: o.type, triggerPrice: o.triggerPrice!, protectionPrice };
    case "STOP_LIMIT":
    case "TAKE_PROFIT_LIMIT":
      return { ...base, type: o.type, triggerPrice: o.triggerPrice!, price: o.price!, timeInForce: o.timeInForce ?? "GTC" };
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
