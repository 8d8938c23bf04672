import { describe, expect, it } from "vitest";
import { OrderBook, type BookConfig } from "./order-book";
import type { LimitOrder, MarketOrder, Side, StopLimitOrder, StopMarketOrder, TimeInForce } from "./types";

const UNITS = { tickSize: "0.5", lotSize: "0.001", quoteUnit: "0.000001", makerFeeBps: "-1", takerFeeBps: "4.5" };

function book(positions: Record<string, number> = {}, config: Partial<BookConfig> = {}): OrderBook {
  return new OrderBook({ ...UNITS, positionOf: (owner) => positions[owner] ?? 0, ...config });
}

const limit = (id: string, owner: string, side: Side, price: number, size: number, timeInForce?: TimeInForce, reduceOnly?: boolean): LimitOrder => ({
  id,
  owner,
  side,
  type: "LIMIT",
  price,
  size,
  ...(timeInForce ? { timeInForce } : {}),
  ...(reduceOnly ? { reduceOnly } : {}),
});
const market = (id: string, owner: string, side: Side, size: number, protectionPrice?: number): MarketOrder => ({
  id,
  owner,
  side,
  type: "MARKET",
  size,
  ...(protectionPrice === undefined ? {} : { protectionPrice }),
});

/** Asks 101×2 (a1), 101×3 (a2), 103×4 (a3); bids 99×5 (b1), 98×1 (b2); all from "mm". */
function seeded(positions: Record<string, number> = {}): OrderBook {
  const b = book(positions);
  for (const o of [
    limit("a1", "mm", "SELL", 101, 2),
    limit("a2", "mm", "SELL", 101, 3),
    limit("a3", "mm", "SELL", 103, 4),
    limit("b1", "mm", "BUY", 99, 5),
    limit("b2", "mm", "BUY", 98, 1),
  ]) {
    expect(b.submit(o, 0).ack.status).toBe("NEW");
  }
  return b;
}

const makers = (r: { fills: readonly { makerOrderId: string; price: number; size: number }[] }) => r.fills.map((f) => [f.makerOrderId, f.price, f.size]);

describe("limit orders", () => {
  it("rest at their price, best bid and ask in view", () => {
    const b = seeded();
    expect([b.bestBid(), b.bestAsk()]).toEqual([99, 101]);
    expect(b.snapshot(1)).toEqual({ bids: [{ price: 99, size: 5, count: 1 }], asks: [{ price: 101, size: 5, count: 2 }], updateId: 5 });
    expect(b.snapshot().bids).toEqual([
      { price: 99, size: 5, count: 1 },
      { price: 98, size: 1, count: 1 },
    ]);
  });

  it("take at the makers' prices in price-time order, then rest the remainder", () => {
    const b = seeded();
    const r = b.submit(limit("t", "taker", "BUY", 103, 8), 7);
    expect(makers(r)).toEqual([
      ["a1", 101, 2],
      ["a2", 101, 3],
      ["a3", 103, 3],
    ]);
    expect(r.ack).toMatchObject({ status: "FILLED", filledSize: 8, openSize: 0, canceledSize: 0 });
    expect(r.fills.map((f) => f.timestamp)).toEqual([7, 7, 7]);
    expect(r.deltas).toEqual([
      { side: "SELL", price: 101, size: 0, count: 0 },
      { side: "SELL", price: 103, size: 1, count: 1 },
    ]);
    const partial = b.submit(limit("u", "taker", "BUY", 103, 3), 8);
    expect(partial.ack).toMatchObject({ status: "PARTIALLY_FILLED", filledSize: 1, openSize: 2 });
    expect(partial.deltas).toEqual([
      { side: "SELL", price: 103, size: 0, count: 0 },
      { side: "BUY", price: 103, size: 2, count: 1 },
    ]);
    expect([b.bestBid(), b.bestAsk()]).toEqual([103, undefined]);
    expect(b.order("u")).toMatchObject({ filledSize: 1, openSize: 2, size: 3, held: false });
  });

  it("numbers fills per book and charges exact fees", () => {
    const b = seeded();
    const first = b.submit(limit("t1", "taker", "BUY", 101, 1), 1);
    const second = b.submit(limit("t2", "taker", "BUY", 101, 1), 2);
    expect([...first.fills, ...second.fills].map((f) => f.seq)).toEqual([1, 2]);
    // 101 ticks × 0.5 × 1 lot × 0.001 = 0.0505 = 50 500 µ; taker 4.5 bps = 22.725 → 23; maker −1 bp = −5.05 → −5
    expect(first.fills[0]).toMatchObject({ makerFee: -5n, takerFee: 23n, makerOwner: "mm", takerOwner: "taker", takerSide: "BUY" });
  });

  it("IOC takes what crosses and cancels the rest; a miss is cancelled, not rejected", () => {
    const b = seeded();
    const r = b.submit(limit("t", "taker", "BUY", 101, 9, "IOC"), 0);
    expect(r.ack).toMatchObject({ status: "CANCELED", reason: "IOC_REMAINDER", filledSize: 5, openSize: 0, canceledSize: 4 });
    const miss = b.submit(limit("m", "taker", "SELL", 100, 2, "IOC"), 0);
    expect(miss.ack).toMatchObject({ status: "CANCELED", reason: "IOC_REMAINDER", filledSize: 0, canceledSize: 2 });
    expect(miss.deltas).toEqual([]);
    expect(b.order("m")).toBeUndefined();
  });

  it("post-only rests when it would not cross and is rejected, not repriced, when it would", () => {
    const b = seeded();
    expect(b.submit(limit("p1", "x", "BUY", 100, 1, "POST_ONLY"), 0).ack.status).toBe("NEW");
    const before = b.snapshot();
    const r = b.submit(limit("p2", "x", "BUY", 101, 1, "POST_ONLY"), 0);
    expect(r.ack).toMatchObject({ status: "REJECTED", reason: "POST_ONLY_WOULD_CROSS", canceledSize: 1, filledSize: 0 });
    expect(r.fills).toEqual([]);
    expect(b.snapshot()).toEqual(before);
  });
});

describe("market orders", () => {
  it("sweep levels and cancel what the book cannot fill", () => {
    const b = seeded();
    const r = b.submit(market("m", "taker", "BUY", 12), 0);
    expect(makers(r)).toEqual([
      ["a1", 101, 2],
      ["a2", 101, 3],
      ["a3", 103, 4],
    ]);
    expect(r.ack).toMatchObject({ status: "CANCELED", reason: "NO_LIQUIDITY", filledSize: 9, canceledSize: 3, openSize: 0 });
    expect(b.submit(market("n", "taker", "BUY", 1), 0).ack).toMatchObject({ status: "REJECTED", reason: "NO_LIQUIDITY" });
  });

  it("stop at their protection price", () => {
    const b = seeded();
    const r = b.submit(market("m", "taker", "BUY", 8, 102), 0);
    expect(makers(r)).toEqual([
      ["a1", 101, 2],
      ["a2", 101, 3],
    ]);
    expect(r.ack).toMatchObject({ status: "CANCELED", reason: "PRICE_PROTECTION", filledSize: 5, canceledSize: 3 });
    expect(b.bestAsk()).toBe(103);
    const none = b.submit(market("s", "taker", "SELL", 1, 100), 0);
    expect(none.ack).toMatchObject({ status: "REJECTED", reason: "PRICE_PROTECTION", canceledSize: 1 });
    expect(b.submit(market("s2", "taker", "SELL", 6, 99), 0).ack).toMatchObject({ status: "CANCELED", filledSize: 5, reason: "PRICE_PROTECTION" });
  });
});

describe("stop orders", () => {
  const stopMarket = (id: string, owner: string, side: Side, triggerPrice: number, size: number, reduceOnly?: boolean): StopMarketOrder => ({
    id,
    owner,
    side,
    type: "STOP_MARKET",
    triggerPrice,
    size,
    ...(reduceOnly ? { reduceOnly } : {}),
  });
  const stopLimit = (id: string, owner: string, side: Side, triggerPrice: number, price: number, size: number): StopLimitOrder => ({
    id,
    owner,
    side,
    type: "STOP_LIMIT",
    triggerPrice,
    price,
    size,
  });

  it("wait aside until the mark crosses the trigger, then trade", () => {
    const b = seeded();
    const held = b.submit(stopMarket("s", "x", "BUY", 105, 3), 0);
    expect(held.ack).toMatchObject({ status: "NEW", held: true, openSize: 3, filledSize: 0 });
    expect(held.deltas).toEqual([]);
    expect(b.order("s")).toMatchObject({ type: "STOP_MARKET", triggerPrice: 105, held: true });
    expect(b.onMarkPrice(104, 1)).toEqual([]);
    const [r, ...rest] = b.onMarkPrice(105, 2);
    expect(rest).toEqual([]);
    expect(r!.ack).toMatchObject({ orderId: "s", type: "STOP_MARKET", status: "FILLED", held: false, filledSize: 3 });
    expect(makers(r!)).toEqual([
      ["a1", 101, 2],
      ["a2", 101, 1],
    ]);
    expect(b.order("s")).toBeUndefined();
    expect(b.onMarkPrice(110, 3)).toEqual([]);
  });

  it("sell stops trigger at or below the trigger; a stop-limit rests what it cannot fill", () => {
    const b = seeded();
    b.submit(stopLimit("s", "x", "SELL", 97, 98, 7), 0);
    expect(b.onMarkPrice(98, 1)).toEqual([]);
    const [r] = b.onMarkPrice(96, 2);
    expect(makers(r!)).toEqual([
      ["b1", 99, 5],
      ["b2", 98, 1],
    ]);
    expect(r!.ack).toMatchObject({ status: "PARTIALLY_FILLED", filledSize: 6, openSize: 1 });
    expect(b.bestAsk()).toBe(98);
  });

  it("release several stops oldest first, and refuse a stop the last mark already triggers", () => {
    const b = seeded();
    b.submit(stopMarket("first", "x", "BUY", 104, 1), 0);
    b.submit(stopMarket("second", "y", "BUY", 102, 1), 0);
    b.submit(stopMarket("sell", "z", "SELL", 90, 1), 0);
    const order = b.onMarkPrice(104, 1).map((r) => r.ack.orderId);
    expect(order).toEqual(["first", "second"]);
    expect(b.submit(stopMarket("now", "x", "BUY", 104, 1), 0).ack).toMatchObject({ status: "REJECTED", reason: "STOP_WOULD_TRIGGER" });
    expect(b.submit(stopMarket("now2", "x", "SELL", 104, 1), 0).ack).toMatchObject({ status: "REJECTED", reason: "STOP_WOULD_TRIGGER" });
    expect(b.submit(stopMarket("later", "x", "SELL", 103, 1), 0).ack.status).toBe("NEW");
  });

  it("can be cancelled while held", () => {
    const b = seeded();
    b.submit(stopLimit("s", "x", "BUY", 110, 111, 2), 0);
    const c = b.cancel("s");
    expect(c).toMatchObject({ found: true, order: { orderId: "s", held: true, price: 111, triggerPrice: 110, openSize: 2 }, deltas: [] });
    expect(b.onMarkPrice(200, 1)).toEqual([]);
  });

  it("check reduce-only at trigger time, counting fills of stops released by the same mark", () => {
    const positions = { x: 4 };
    const b = seeded(positions);
    b.submit(stopMarket("s1", "x", "SELL", 99, 3, true), 0);
    b.submit(stopMarket("s2", "x", "SELL", 99, 3, true), 0);
    const [r1, r2] = b.onMarkPrice(99, 1);
    expect(r1!.ack).toMatchObject({ status: "FILLED", filledSize: 3 });
    expect(r2!.ack).toMatchObject({ status: "CANCELED", reason: "REDUCE_ONLY_CAPPED", filledSize: 1, canceledSize: 2 });
  });
});

describe("take-profit orders", () => {
  const takeProfit = (id: string, side: Side, triggerPrice: number, size: number, price?: number): StopMarketOrder | StopLimitOrder =>
    price === undefined
      ? { id, owner: "x", side, type: "TAKE_PROFIT_MARKET", triggerPrice, size, reduceOnly: true }
      : { id, owner: "x", side, type: "TAKE_PROFIT_LIMIT", triggerPrice, price, size, reduceOnly: true };

  it("trigger the other way from stops: a sell on a rising mark, a buy on a falling one", () => {
    const b = seeded({ x: 2 });
    expect(b.submit(takeProfit("tp", "SELL", 100, 2), 0).ack).toMatchObject({ status: "NEW", held: true });
    expect(b.onMarkPrice(99, 1)).toEqual([]);
    const [r] = b.onMarkPrice(100, 2);
    expect(r!.ack).toMatchObject({ orderId: "tp", type: "TAKE_PROFIT_MARKET", status: "FILLED", filledSize: 2 });
    expect(makers(r!)).toEqual([["b1", 99, 2]]);

    const short = seeded({ x: -3 });
    short.submit(takeProfit("tpb", "BUY", 100, 3, 101), 0);
    expect(short.onMarkPrice(101, 1)).toEqual([]);
    const [rb] = short.onMarkPrice(100, 2);
    expect(rb!.ack).toMatchObject({ type: "TAKE_PROFIT_LIMIT", status: "FILLED", filledSize: 3 });
  });

  it("are refused when the last mark already triggers them", () => {
    const b = seeded({ x: 2 });
    b.onMarkPrice(100, 0);
    expect(b.submit(takeProfit("tp", "SELL", 100, 1), 0).ack).toMatchObject({ status: "REJECTED", reason: "STOP_WOULD_TRIGGER" });
    expect(b.submit(takeProfit("tp2", "SELL", 101, 1), 0).ack.status).toBe("NEW");
  });
});

describe("fill-or-kill", () => {
  it("fills the whole size or is refused with the book untouched", () => {
    const b = seeded();
    const refused = b.submit(limit("f", "x", "BUY", 101, 6, "FOK"), 0);
    expect(refused.ack).toMatchObject({ status: "REJECTED", reason: "FOK_WOULD_NOT_FILL", filledSize: 0 });
    expect(refused.fills).toEqual([]);
    expect(b.snapshot(1).asks).toEqual([{ price: 101, size: 5, count: 2 }]);
    const filled = b.submit(limit("g", "x", "BUY", 103, 6, "FOK"), 1);
    expect(filled.ack).toMatchObject({ status: "FILLED", filledSize: 6 });
  });

  it("does not count the taker's own orders or what reduce-only makers cannot reduce", () => {
    const b = seeded({ r: 1 });
    b.submit(limit("own", "x", "SELL", 100, 3), 0);
    b.submit(limit("ro", "r", "SELL", 100, 4, undefined, true), 0);
    expect(b.submit(limit("f", "x", "BUY", 100, 2, "FOK"), 1).ack).toMatchObject({ status: "REJECTED", reason: "FOK_WOULD_NOT_FILL" });
    expect(b.order("own")).toMatchObject({ openSize: 3 });
    expect(b.submit(limit("g", "x", "BUY", 100, 1, "FOK"), 1).ack).toMatchObject({ status: "FILLED", filledSize: 1 });
  });
});

describe("self-trade prevention", () => {
  it("cancels the owner's resting order and keeps matching", () => {
    const b = book();
    b.submit(limit("own", "x", "SELL", 100, 2), 0);
    b.submit(limit("other", "y", "SELL", 100, 2), 0);
    b.submit(limit("own2", "x", "SELL", 101, 5), 0);
    const r = b.submit(limit("t", "x", "BUY", 101, 3), 0);
    expect(r.canceled).toEqual([
      { orderId: "own", owner: "x", side: "SELL", price: 100, canceledSize: 2, openSize: 0, reason: "SELF_TRADE" },
      { orderId: "own2", owner: "x", side: "SELL", price: 101, canceledSize: 5, openSize: 0, reason: "SELF_TRADE" },
    ]);
    expect(makers(r)).toEqual([["other", 100, 2]]);
    expect(r.ack).toMatchObject({ status: "PARTIALLY_FILLED", filledSize: 2, openSize: 1 });
    expect(b.snapshot()).toMatchObject({ bids: [{ price: 101, size: 1, count: 1 }], asks: [] });
  });
});

describe("reduce-only", () => {
  it("is refused when it would grow or open a position and capped to the position", () => {
    const positions: Record<string, number> = { long: 3, short: -2 };
    const b = seeded(positions);
    expect(b.submit(market("a", "flat", "SELL", 1), 0).ack.status).toBe("FILLED");
    expect(b.submit({ ...market("b", "flat", "SELL", 1), reduceOnly: true }, 0).ack).toMatchObject({
      status: "REJECTED",
      reason: "REDUCE_ONLY_WOULD_INCREASE",
    });
    expect(b.submit({ ...market("c", "long", "BUY", 1), reduceOnly: true }, 0).ack).toMatchObject({ status: "REJECTED", reason: "REDUCE_ONLY_WOULD_INCREASE" });
    const capped = b.submit({ ...market("d", "long", "SELL", 5), reduceOnly: true }, 0);
    expect(capped.ack).toMatchObject({ status: "CANCELED", reason: "REDUCE_ONLY_CAPPED", filledSize: 3, canceledSize: 2 });
    const resting = b.submit(limit("e", "short", "BUY", 95, 9, "GTC", true), 0);
    expect(resting.ack).toMatchObject({ status: "NEW", reason: "REDUCE_ONLY_CAPPED", openSize: 2, canceledSize: 7 });
  });

  it("trims a resting reduce-only order when the position has shrunk since it rested", () => {
    const positions: Record<string, number> = { x: -5 };
    const b = book(positions);
    b.submit(limit("ro", "x", "BUY", 100, 5, "GTC", true), 0);
    b.submit(limit("next", "y", "BUY", 100, 4), 0);
    positions.x = -2; // x bought 3 elsewhere in this book
    const r = b.submit(market("m", "z", "SELL", 4), 1);
    expect(r.canceled).toEqual([{ orderId: "ro", owner: "x", side: "BUY", price: 100, canceledSize: 3, openSize: 2, reason: "REDUCE_ONLY" }]);
    expect(makers(r)).toEqual([
      ["ro", 100, 2],
      ["next", 100, 2],
    ]);
    positions.x = 0;
    b.submit(limit("ro2", "x", "BUY", 100, 1, "GTC", true), 1); // refused: flat
    expect(b.order("ro2")).toBeUndefined();
  });
});

describe("cancel", () => {
  it("removes exactly the order asked for and reports it", () => {
    const b = book();
    for (let i = 0; i < 5; i++) b.submit(limit(`o${i}`, `w${i}`, "BUY", 100, i + 1), 0);
    const r = b.cancel("o3");
    expect(r).toEqual({
      found: true,
      order: { orderId: "o3", owner: "w3", side: "BUY", type: "LIMIT", price: 100, size: 4, filledSize: 0, openSize: 4, reduceOnly: false, held: false },
      deltas: [{ side: "BUY", price: 100, size: 11, count: 4 }],
      updateId: 6,
    });
    expect(b.cancel("o3")).toEqual({ found: false, orderId: "o3" });
    const sweep = b.submit(market("m", "z", "SELL", 11), 0);
    expect(makers(sweep).map(([id]) => id)).toEqual(["o0", "o1", "o2", "o4"]);
  });

  it("of a level below the top keeps the rest of the book in order", () => {
    const b = book();
    for (let p = 90; p <= 100; p++) b.submit(limit(`b${p}`, "mm", "BUY", p, 1), 0);
    for (let p = 91; p < 100; p += 2) b.cancel(`b${p}`);
    b.submit(limit("again", "mm", "BUY", 95, 2), 0);
    expect(b.snapshot(4).bids.map((l) => [l.price, l.size])).toEqual([
      [100, 1],
      [98, 1],
      [96, 1],
      [95, 2],
    ]);
  });
});

describe("boundary checks", () => {
  it("rejects unsafe or non-positive numbers and duplicate live ids", () => {
    const b = seeded();
    expect(b.submit(limit("x1", "x", "BUY", 100, 0), 0).ack.reason).toBe("INVALID_SIZE");
    expect(b.submit(limit("x2", "x", "BUY", 100, 1.5), 0).ack.reason).toBe("INVALID_SIZE");
    expect(b.submit(limit("x3", "x", "BUY", 2 ** 53, 1), 0).ack.reason).toBe("INVALID_PRICE");
    expect(b.submit(limit("x4", "x", "BUY", -1, 1), 0).ack.reason).toBe("INVALID_PRICE");
    expect(b.submit(market("x5", "x", "BUY", 1, 0.5), 0).ack.reason).toBe("INVALID_PRICE");
    const dup = b.submit(limit("a1", "x", "BUY", 90, 1), 0);
    expect(dup.ack).toMatchObject({ status: "REJECTED", reason: "DUPLICATE_ORDER_ID", canceledSize: 1 });
    expect(() => b.onMarkPrice(0, 0)).toThrow(RangeError);
  });

  it("keeps every level total a safe integer", () => {
    const b = book();
    const max = Number.MAX_SAFE_INTEGER;
    expect(b.submit(limit("big", "x", "BUY", 100, max), 0).ack.status).toBe("NEW");
    expect(b.submit(limit("more", "y", "BUY", 100, 1), 0).ack).toMatchObject({ status: "CANCELED", reason: "LEVEL_SIZE_LIMIT", canceledSize: 1 });
    expect(b.snapshot().bids).toEqual([{ price: 100, size: max, count: 1 }]);
    const stop = { id: "s1", owner: "x", side: "BUY", type: "STOP_MARKET", triggerPrice: 200, size: max } as const;
    expect(b.submit(stop, 0).ack.status).toBe("NEW");
    expect(b.submit({ ...stop, id: "s2", size: 1 }, 0).ack).toMatchObject({ status: "REJECTED", reason: "LEVEL_SIZE_LIMIT" });
    expect(b.order("s2")).toBeUndefined();
  });
});
