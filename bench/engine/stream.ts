import { OrderBook } from "../../lib/engine/order-book";
import { createRng } from "../../lib/engine/sim/rng";

export const LIMIT = 0;
export const MARKET = 1;
export const CANCEL = 2;

/** Columns of a replayable stream of operations. `order` is an index into `ids`: the new order, or the one to cancel. */
export interface Stream {
  readonly length: number;
  readonly kind: Uint8Array;
  /** 0 buy, 1 sell. */
  readonly sell: Uint8Array;
  readonly price: Int32Array;
  readonly size: Int32Array;
  readonly order: Int32Array;
  readonly ids: readonly string[];
}

export const BENCH_BOOK = { tickSize: "0.5", lotSize: "0.001", quoteUnit: "0.000001", makerFeeBps: "-1", takerFeeBps: "4.5" };

/**
 * 70% limit orders around a drifting mid (one in ten marketable), 20% cancels of orders resting at that
 * moment (picked uniformly), 10% market orders. Which orders still rest is learned by running the stream
 * through our book while it is generated; the bench checks that the peer ends with the same book.
 */
export function generateStream(length: number, seed: number): Stream {
  const rng = createRng(seed);
  const kind = new Uint8Array(length);
  const sell = new Uint8Array(length);
  const price = new Int32Array(length);
  const size = new Int32Array(length);
  const order = new Int32Array(length);
  const ids: string[] = [];

  const book = new OrderBook(BENCH_BOOK);
  const idIndex = new Map<string, number>();
  // Orders resting now: a dense list with each member's position, for O(1) uniform picks and removals.
  const live: number[] = [];
  const livePos = new Map<number, number>();
  const leave = (n: number) => {
    const at = livePos.get(n)!;
    const last = live.pop()!;
    if (last !== n) {
      live[at] = last;
      livePos.set(last, at);
    }
    livePos.delete(n);
  };

  let mid = 100_000;
  for (let i = 0; i < length; i++) {
    if (rng.next() < 0.02) mid += rng.next() < 0.5 ? -1 : 1;
    const roll = rng.next();
    if (roll < 0.2 && live.length > 0) {
      kind[i] = CANCEL;
      const n = live[rng.int(0, live.length - 1)]!;
      order[i] = n;
      leave(n);
      book.cancel(ids[n]!);
      continue;
    }
    const n = ids.length;
    const id = `o${n}`;
    ids.push(id);
    idIndex.set(id, n);
    order[i] = n;
    const isSell = rng.next() < 0.5;
    sell[i] = isSell ? 1 : 0;
    const side = isSell ? "SELL" : "BUY";
    let result: ReturnType<typeof book.submit>;
    if (roll < 0.9 || live.length === 0) {
      kind[i] = LIMIT;
      // distance from mid: mostly a few ticks, a tail to ~60; one in ten crosses by up to 5 ticks
      const away = rng.next() < 0.1 ? -rng.int(1, 5) : 1 + Math.floor(-8 * Math.log(1 - rng.next() * 0.999));
      price[i] = isSell ? mid + away : mid - away;
      size[i] = rng.int(1, 100);
      result = book.submit({ id, owner: id, side, type: "LIMIT", price: price[i]!, size: size[i]! }, i);
    } else {
      kind[i] = MARKET;
      size[i] = rng.int(1, 300);
      result = book.submit({ id, owner: id, side, type: "MARKET", size: size[i]! }, i);
    }
    for (const fill of result.fills) if (book.order(fill.makerOrderId) === undefined) leave(idIndex.get(fill.makerOrderId)!);
    if (result.ack.openSize > 0) {
      livePos.set(n, live.length);
      live.push(n);
    }
  }
  return { length, kind, sell, price, size, order, ids };
}
