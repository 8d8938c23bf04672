import { OrderBook as PeerBook, Side as PeerSide } from "nodejs-order-book";
import { OrderBook } from "../../lib/engine/order-book";
import { BENCH_BOOK, CANCEL, LIMIT, type Stream } from "./stream";

/** The three operations of the stream, as each engine is called by its users. */
export interface BenchEngine {
  readonly name: string;
  limit(id: string, sell: boolean, price: number, size: number, now: number): void;
  market(id: string, sell: boolean, size: number, now: number): void;
  cancel(id: string): void;
  /** Levels best first as [price, size], bids then asks. */
  depth(): { bids: [number, number][]; asks: [number, number][] };
}

export function bourse(): BenchEngine {
  const book = new OrderBook(BENCH_BOOK);
  const pairs = (levels: readonly { price: number; size: number }[]) => levels.map((l): [number, number] => [l.price, l.size]);
  return {
    name: "bourse lib/engine",
    limit: (id, sell, price, size, now) => void book.submit({ id, owner: id, side: sell ? "SELL" : "BUY", type: "LIMIT", price, size }, now),
    market: (id, sell, size, now) => void book.submit({ id, owner: id, side: sell ? "SELL" : "BUY", type: "MARKET", size }, now),
    cancel: (id) => void book.cancel(id),
    depth: () => {
      const s = book.snapshot();
      return { bids: pairs(s.bids), asks: pairs(s.asks) };
    },
  };
}

export function peer(): BenchEngine {
  const book = new PeerBook();
  return {
    name: "nodejs-order-book",
    limit: (id, sell, price, size) => void book.limit({ id, side: sell ? PeerSide.SELL : PeerSide.BUY, price, size }),
    market: (_id, sell, size) => void book.market({ side: sell ? PeerSide.SELL : PeerSide.BUY, size }),
    cancel: (id) => void book.cancel(id),
    depth: () => {
      const [asks, bids] = book.depth();
      return { bids, asks };
    },
  };
}

/** Replays the first `count` operations; returns the elapsed nanoseconds. */
export function replay(engine: BenchEngine, stream: Stream, count = stream.length): bigint {
  const { kind, sell, price, size, order, ids } = stream;
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    const id = ids[order[i]!]!;
    const k = kind[i];
    if (k === LIMIT) engine.limit(id, sell[i] === 1, price[i]!, size[i]!, i);
    else if (k === CANCEL) engine.cancel(id);
    else engine.market(id, sell[i] === 1, size[i]!, i);
  }
  return process.hrtime.bigint() - start;
}
