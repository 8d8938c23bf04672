import { describe, expect, it } from "vitest";
import { manualClock } from "../../../clock";
import { HYPERLIQUID_FEES, HYPERLIQUID_MARKETS } from "../hyperliquid/markets";
import { FakeExchange, type FakeExchangeEvent } from "./fake-exchange";

const clock = () => manualClock(Date.UTC(2026, 0, 1, 12));

function exchange(seed = 7, time = clock()) {
  return new FakeExchange({
    venue: "test",
    markets: HYPERLIQUID_MARKETS,
    fees: HYPERLIQUID_FEES,
    accounts: [{ id: "alice", collateral: "1000" }],
    seed,
    clock: time,
  });
}

function touch(ex: FakeExchange, market = "BTC") {
  const book = ex.book(market, 1)!;
  return { bid: book.bids[0]!.price, ask: book.asks[0]!.price };
}

describe("FakeExchange", () => {
  it("moves the same way from the same seed, and another way from another", () => {
    const [a, b, c] = [exchange(7), exchange(7), exchange(8)];
    for (let i = 0; i < 20; i++) for (const ex of [a, b, c]) ex.step();
    const view = (ex: FakeExchange) => ({ book: ex.book("ETH", 5), trades: ex.trades("ETH", 10).map((t) => [t.price, t.size, t.side]) });
    expect(view(a)).toEqual(view(b));
    expect(view(a)).not.toEqual(view(c));
    expect(view(a).trades.length).toBeGreaterThan(0);
  });

  it("quotes a two-sided book around the catalog's price, with history behind it", () => {
    const ex = exchange();
    const { bid, ask } = touch(ex);
    expect(bid).toBeLessThan(ask);
    expect(Math.abs(bid - 64_250) / 64_250).toBeLessThan(0.05);
    const now = ex.now();
    const candles = ex.candles("BTC", now - 60 * 60_000, now + 1);
    expect(candles.length).toBeGreaterThanOrEqual(60);
    expect(candles.every((k) => k.low <= k.open && k.open <= k.high && k.low <= k.close && k.close <= k.high)).toBe(true);
  });

  it("fills a market order at the touch and books the position, its entry and the taker fee", () => {
    const ex = exchange();
    const { ask } = touch(ex);
    const placed = ex.place("alice", { symbol: "BTC", side: "BUY", type: "MARKET", size: 100 });
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    expect(placed.order.status).toBe("FILLED");
    expect(placed.fills[0]!.price).toBe(ask);
    const account = ex.account("alice")!;
    const held = account.positions.get("BTC")!.position;
    expect(held.sizeLots).toBe(100n);
    // 100 lots of 0.00001 BTC at `ask` dollars: ask × 0.001 dollars = ask × 1000 atoms; the fee is 4.5 bps of it, rounded up.
    expect(held.costBasis).toBe(BigInt(ask) * 1000n);
    expect(account.collateral).toBe(1_000_000_000n - (BigInt(ask) * 1000n * 45n + 99_999n) / 100_000n);
  });

  it("rests a limit order that does not cross and fills it when the market comes to it", () => {
    const ex = exchange();
    const { bid } = touch(ex);
    const placed = ex.place("alice", { symbol: "BTC", side: "BUY", type: "LIMIT", price: bid - 1, size: 20, timeInForce: "GTC" });
    expect(placed.ok && placed.order.status).toBe("NEW");
    expect(ex.openOrders("alice").map((o) => o.price)).toEqual([bid - 1]);
    // A seller takes the whole bid side down to the order.
    const book = ex.book("BTC", 100)!;
    const lotsAbove = book.bids.filter((l) => l.price >= bid - 1).reduce((s, l) => s + l.size, 0);
    ex.addAccount({ id: "bob", collateral: "10000000" });
    ex.place("bob", { symbol: "BTC", side: "SELL", type: "MARKET", size: lotsAbove });
    const order = ex.order("alice", placed.ok ? placed.order.orderId : "")!;
    expect(order.filledSize).toBeGreaterThan(0);
    expect(ex.fills("alice").every((f) => f.liquidity === "MAKER" && f.price === bid - 1)).toBe(true);
  });

  it("refuses what the venues refuse: too small, too large for the margin, reduce-only from flat, post-only that crosses", () => {
    const ex = exchange();
    const { bid, ask } = touch(ex);
    const refusal = (order: Parameters<FakeExchange["place"]>[1]) => {
      const result = ex.place("alice", order);
      return result.ok ? result.order.status : result.refusal;
    };
    expect(refusal({ symbol: "BTC", side: "BUY", type: "LIMIT", price: bid, size: 10, timeInForce: "GTC" })).toBe("MIN_NOTIONAL");
    // 1 BTC at 20× needs about $3,200 of margin; the account has $1,000.
    expect(refusal({ symbol: "BTC", side: "BUY", type: "LIMIT", price: bid, size: 100_000, timeInForce: "GTC" })).toBe("INSUFFICIENT_MARGIN");
    expect(refusal({ symbol: "BTC", side: "SELL", type: "LIMIT", price: ask, size: 100, timeInForce: "GTC", reduceOnly: true })).toBe(
      "REDUCE_ONLY_WOULD_INCREASE",
    );
    expect(refusal({ symbol: "BTC", side: "BUY", type: "LIMIT", price: ask, size: 100, timeInForce: "POST_ONLY" })).toBe("POST_ONLY_WOULD_CROSS");
    expect(ex.setLeverage("alice", "BTC", 41)).toBe("INVALID_LEVERAGE");
    expect(ex.setLeverage("alice", "BTC", 40)).toBe("OK");
    // At 40× the same order needs about $1,600: still too much.
    expect(refusal({ symbol: "BTC", side: "BUY", type: "LIMIT", price: bid, size: 100_000, timeInForce: "GTC" })).toBe("INSUFFICIENT_MARGIN");
    expect(refusal({ symbol: "BTC", side: "BUY", type: "LIMIT", price: bid, size: 50_000, timeInForce: "GTC" })).toBe("NEW");
    expect(ex.openOrders("alice")).toHaveLength(1);
  });

  it("announces book changes with contiguous update ids, trades and steps", () => {
    const ex = exchange();
    const events: FakeExchangeEvent[] = [];
    ex.on((e) => events.push(e));
    for (let i = 0; i < 10; i++) ex.step();
    const books = events.filter((e): e is Extract<FakeExchangeEvent, { type: "book" }> => e.type === "book" && e.market === "SOL");
    expect(books.length).toBeGreaterThan(5);
    for (let i = 1; i < books.length; i++) expect(books[i]!.firstUpdateId).toBe(books[i - 1]!.lastUpdateId + 1);
    expect(books.at(-1)!.lastUpdateId).toBe(ex.book("SOL", 1)!.updateId);
    expect(events.filter((e) => e.type === "step")).toHaveLength(10);
    expect(events.some((e) => e.type === "trades")).toBe(true);
  });
});
