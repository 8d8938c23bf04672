import { fundingPayment } from "../../engine/accounts/funding";
import { bookFunding } from "./accounts";
import type { OwnerChange } from "./change";
import type { SimMarket } from "./sim-market";
import type { SimVenueState } from "./venue-state";

/** The hourly funding payment of every owner's position in a market: longs pay shorts at a positive rate. */
export function payFunding(state: SimVenueState, market: SimMarket, rateE8: bigint, now: number, change: OwnerChange): void {
  const symbol = market.spec.symbol;
  for (const [owner, account] of state.accounts) {
    const held = account.positions.get(symbol);
    if (held === undefined || held.position.sizeLots === 0n) continue;
    const amount = fundingPayment(market.risk.units, held.position, market.markPrice, rateE8);
    bookFunding(account, held, amount, now);
    change.funding.push({
      ownerId: owner,
      venue: state.name,
      symbol,
      rateE8,
      positionLots: Number(held.position.sizeLots),
      markPrice: market.markPrice,
      amount,
      time: now,
    });
    change.position(owner, state.name, symbol, held);
    change.account(owner, state.name, account);
  }
}
