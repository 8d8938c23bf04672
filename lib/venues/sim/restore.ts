import { applyResult, engineOrder } from "./booking";
import { type AccountRow, type OwnedOrder, OwnerChange, type PositionRow } from "./change";
import type { SimVenueState } from "./venue-state";

/** Rebuilds owners' state from storage; resting orders go back into the books. */
export function restoreOwners(state: SimVenueState, accounts: AccountRow[], positions: PositionRow[], openOrders: OwnedOrder[]): void {
  for (const a of accounts) {
    state.accounts.set(a.ownerId, {
      collateral: a.collateral,
      deposits: a.deposits,
      realizedPnl: a.realizedPnl,
      fees: a.fees,
      funding: a.funding,
      updatedAt: a.updatedAt,
      positions: new Map(),
    });
  }
  for (const p of positions) {
    const account = state.accounts.get(p.ownerId);
    if (account === undefined) continue;
    account.positions.set(p.symbol, {
      position: { sizeLots: BigInt(p.sizeLots), costBasis: p.costBasis },
      realizedPnl: p.realizedPnl,
      funding: p.funding,
      leverage: p.leverage,
      updatedAt: p.updatedAt,
    });
  }
  const now = state.deps.now();
  for (const order of openOrders) {
    const market = state.simMarkets.get(order.symbol);
    if (market === undefined) continue;
    state.track(order);
    // Back in the book with what was left; its queue position is lost, as on any venue restart.
    const result = market.book.submit(engineOrder(order, order.size - order.filledSize), now);
    const change = new OwnerChange();
    applyResult(state, market, result, now, change);
    if (!change.empty) void state.deps.commit(change);
  }
}
