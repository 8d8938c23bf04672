import { notional } from "../../engine/accounts/market-units";
import { bookFill, type AccountState } from "./accounts";
import { submitNow } from "./booking";
import type { OwnedFill, OwnerChange } from "./change";
import type { SimVenueState } from "./venue-state";

/** Liquidates every account here whose equity is below its maintenance margin. */
export function liquidateUnderwater(state: SimVenueState, now: number, change: OwnerChange): void {
  for (const [owner, account] of state.accounts) {
    if (![...account.positions.values()].some((p) => p.position.sizeLots !== 0n)) continue;
    if (state.margin(owner, account).liquidatable) liquidate(state, owner, account, now, change);
  }
}

/**
 * Closes every position of an account below maintenance at market. What the book cannot absorb the
 * venue's backstop takes over at the mark, so the account always ends flat.
 */
function liquidate(state: SimVenueState, owner: string, account: AccountState, now: number, change: OwnerChange): void {
  cancelAll(state, owner, now, change);
  for (const [symbol, held] of account.positions) {
    const lots = Number(held.position.sizeLots);
    if (lots === 0) continue;
    const side = lots > 0 ? "SELL" : "BUY";
    const { order } = submitNow(state, owner, { symbol, side, type: "MARKET", size: Math.abs(lots), reduceOnly: true }, now, change, true);
    const left = Number(held.position.sizeLots);
    if (left === 0) continue;
    const market = state.simMarkets.get(symbol)!;
    const realized = bookFill(account, held, market.risk, -left, market.markPrice, 0n, now);
    const fill: OwnedFill = {
      ownerId: owner,
      fillId: `fil_${state.deps.bootId}-${state.name}-${symbol}-backstop-${order.orderId}`,
      orderId: order.orderId,
      venue: state.name,
      symbol,
      side,
      liquidity: "LIQUIDATION",
      price: market.markPrice,
      size: Math.abs(left),
      fee: 0n,
      realizedPnl: realized,
      time: now,
    };
    change.fills.push(fill);
    order.filledSize += fill.size;
    order.filledNotional += notional(market.risk.units, fill.price, fill.size);
    state.close(order, "FILLED", "LIQUIDATION", now, change);
    change.position(owner, state.name, symbol, held);
    change.account(owner, state.name, account);
  }
}

/** Every live order of an owner here, cancelled (liquidation). */
function cancelAll(state: SimVenueState, owner: string, now: number, change: OwnerChange): void {
  for (const order of [...state.open.values()]) {
    if (order.ownerId !== owner) continue;
    const market = state.simMarkets.get(order.symbol)!;
    const result = market.book.cancel(order.orderId);
    state.close(order, "CANCELED", "LIQUIDATION", now, change);
    if (result.found && result.deltas.length > 0) state.bookChanged(market, result.updateId, now);
  }
}
