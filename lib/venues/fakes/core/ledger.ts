// Booking the engine's results to the fake venue's accounts, their orders and fills, and the market's tape.
import { notional } from "../../../engine/accounts/market-units";
import { ownerFills } from "../../../engine/results";
import type { MatchResult } from "../../../engine/types";
import { type AccountState, bookFill, positionState } from "../../sim/accounts";
import type { VenueFill, VenueOrder, VenueTrade } from "../../venue";
import type { FakeMarket } from "./fake-market";

/** An account's order as the fake keeps it, open or done. */
export interface FakeOrder extends VenueOrder {
  owner: string;
}

/** An account's fill, with the trade it belongs to and the position it started from. */
export interface FakeFill extends VenueFill {
  tradeId: string;
  /** The account's signed position in lots before this fill. */
  startLots: bigint;
}

/** The fake venue's books of record: its accounts and everything they did. */
export class Ledger {
  readonly accounts = new Map<string, AccountState>();
  /** Every order of an account, by order id. */
  readonly orders = new Map<string, FakeOrder>();
  /** Each account's fills, oldest first. */
  readonly fills = new Map<string, FakeFill[]>();
  private tradeSeq = 100_000_000;
  private orderSeq = 1_000_000_000;

  constructor(
    readonly venue: string,
    readonly defaultLeverage: (market: FakeMarket) => number,
  ) {}

  newOrderId(): string {
    return String(++this.orderSeq);
  }

  /** The account's signed position on a market, in lots. */
  heldLots(owner: string, market: string): number {
    return Number(this.accounts.get(owner)?.positions.get(market)?.position.sizeLots ?? 0n);
  }

  /** Books one result: the tape, then each account's fills, positions, collateral and orders. Returns the accounts' fills. */
  book(market: FakeMarket, result: MatchResult, now: number): FakeFill[] {
    const booked: FakeFill[] = [];
    for (const fill of result.fills) {
      const trade: VenueTrade = { id: String(++this.tradeSeq), symbol: market.spec.id, price: fill.price, size: fill.size, side: fill.takerSide, time: now };
      market.sim.recordTrade(trade);
      market.pending.trades.push(trade);
      for (const side of ownerFills(fill)) {
        const account = this.accounts.get(side.owner);
        // The market maker and the takers the fake plays itself have no account.
        if (account === undefined) continue;
        const held = positionState(account, market.spec.id, this.defaultLeverage(market));
        const startLots = held.position.sizeLots;
        const realizedPnl = bookFill(account, held, market.sim.risk, side.side === "BUY" ? side.size : -side.size, side.price, side.fee, now);
        const booking: FakeFill = {
          fillId: `${trade.id}-${side.liquidity === "MAKER" ? "m" : "t"}`,
          tradeId: trade.id,
          orderId: side.orderId,
          venue: this.venue,
          symbol: market.spec.id,
          side: side.side,
          liquidity: side.liquidity,
          price: side.price,
          size: side.size,
          fee: side.fee,
          realizedPnl,
          time: now,
          startLots,
        };
        booked.push(booking);
        this.fillsOf(side.owner).push(booking);
        const order = this.orders.get(side.orderId);
        if (order !== undefined) {
          order.filledSize += side.size;
          order.filledNotional += notional(market.sim.risk.units, side.price, side.size);
          order.fees += side.fee;
          order.status = order.filledSize === order.size ? "FILLED" : "PARTIALLY_FILLED";
          order.updatedAt = now;
        }
      }
    }
    for (const canceled of result.canceled) {
      const order = this.orders.get(canceled.orderId);
      if (order === undefined) continue;
      order.reason = canceled.reason;
      order.updatedAt = now;
      if (canceled.openSize === 0) order.status = "CANCELED";
    }
    const taker = this.orders.get(result.ack.orderId);
    if (taker !== undefined) {
      taker.status = result.ack.status;
      taker.reason = result.ack.reason ?? null;
      taker.updatedAt = now;
    }
    if (result.deltas.length > 0) market.pending.deltas.push(...result.deltas);
    return booked;
  }

  fillsOf(owner: string): FakeFill[] {
    let list = this.fills.get(owner);
    if (list === undefined) {
      list = [];
      this.fills.set(owner, list);
    }
    return list;
  }
}
