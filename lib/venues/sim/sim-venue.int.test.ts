// Worked examples on one simulated venue (alder, BTC-USD: tick 0.1, lot 0.0001, taker 4 bps, maker 1 bp,
// maintenance 1%), with liquidity and marks set by hand and every change stored in a real database.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseAtoms } from "../../engine/accounts/market-units";
import { createVenueHarness, storedLedger, type VenueHarness } from "../../testing/venues";

const OWNER = "own_worked";
const ONE_BTC = 10_000; // lots
const usdc = (text: string) => parseAtoms(text);

let h: VenueHarness;

beforeEach(async () => {
  h = await createVenueHarness({ paperBalance: "10000" });
  await h.addOwner(OWNER);
});
afterEach(async () => {
  await h.close();
});

async function expectReconciled(owner = OWNER) {
  const ledger = await storedLedger(h.database, owner, "alder");
  const positions = await h.venue.positions(owner);
  const held = Object.fromEntries(positions.map((p) => [p.symbol, p.size]));
  for (const [symbol, lots] of Object.entries(ledger.lotsBySymbol)) expect(held[symbol] ?? 0, symbol).toBe(lots);
  expect((await h.venue.balance(owner)).collateral).toBe(ledger.expectedCollateral);
}

/** Long 1 BTC at 60,000 at 10×, bought from an ask resting there. */
async function longOneBtcAt60k() {
  await h.liquidity("SELL", 600_000, ONE_BTC);
  await h.mark(600_000);
  expect(await h.venue.setLeverage(OWNER, "BTC-USD", 10)).toEqual({ ok: true });
  const placed = await h.venue.place(OWNER, { symbol: "BTC-USD", side: "BUY", type: "MARKET", size: ONE_BTC });
  if (!placed.ok) throw new Error(placed.message);
  return placed;
}

describe("a new owner", () => {
  it("receives the paper balance on first contact, once", async () => {
    const first = await h.venue.balance(OWNER);
    expect(first.collateral).toBe(usdc("10000"));
    expect(first.available).toBe(usdc("10000"));
    await h.venue.balance(OWNER);
    const ledger = await storedLedger(h.database, OWNER, "alder");
    expect(ledger.expectedCollateral).toBe(usdc("10000"));
  });
});

describe("margin and PnL", () => {
  it("books the fill, the fee and the initial margin of a 10× long", async () => {
    const placed = await longOneBtcAt60k();
    expect(placed.order.status).toBe("FILLED");
    expect(placed.fills).toHaveLength(1);
    expect(placed.fills[0]!.fee).toBe(usdc("24")); // 60,000 × 4 bps

    const [position] = await h.venue.positions(OWNER);
    expect(position).toMatchObject({
      symbol: "BTC-USD",
      size: ONE_BTC,
      costBasis: usdc("60000"),
      leverage: 10,
      initialMargin: usdc("6000"),
      maintenanceMargin: usdc("600"),
    });
    const balance = await h.venue.balance(OWNER);
    expect(balance.collateral).toBe(usdc("9976"));
    expect(balance.available).toBe(usdc("3976"));
    await expectReconciled();
  });

  it("marks unrealized PnL and realizes it on a close", async () => {
    await longOneBtcAt60k();
    await h.mark(610_000);
    const [marked] = await h.venue.positions(OWNER);
    expect(marked!.unrealizedPnl).toBe(usdc("1000"));
    expect((await h.venue.balance(OWNER)).equity).toBe(usdc("10976"));

    await h.liquidity("BUY", 610_000, ONE_BTC / 2);
    const close = await h.venue.place(OWNER, { symbol: "BTC-USD", side: "SELL", type: "MARKET", size: ONE_BTC / 2, reduceOnly: true });
    expect(close.ok && close.fills[0]!.realizedPnl).toBe(usdc("500"));
    const [half] = await h.venue.positions(OWNER);
    expect(half).toMatchObject({ size: ONE_BTC / 2, costBasis: usdc("30000"), realizedPnl: usdc("500") });
    // 10,000 − 24 + 500 − 12.2 (61,000 × 0.5 × 4 bps)
    expect((await h.venue.balance(OWNER)).collateral).toBe(usdc("10463.8"));
    await expectReconciled();
  });

  it("refuses an order the account cannot margin", async () => {
    await h.liquidity("SELL", 600_000, 3 * ONE_BTC);
    await h.mark(600_000);
    const refused = await h.venue.place(OWNER, { symbol: "BTC-USD", side: "BUY", type: "MARKET", size: 2 * ONE_BTC });
    expect(refused).toMatchObject({ ok: false, code: "INSUFFICIENT_MARGIN" });
    expect(await h.venue.positions(OWNER)).toEqual([]);
  });

  it("refuses leverage above the market's maximum", async () => {
    expect(await h.venue.setLeverage(OWNER, "BTC-USD", 51)).toMatchObject({ ok: false, code: "LEVERAGE_TOO_HIGH" });
  });
});

describe("liquidation", () => {
  it("puts the liquidation price where equity meets maintenance", async () => {
    await longOneBtcAt60k();
    // 9,976 + (P − 60,000) = 1% × P  ⇒  P = 50,529.29…, the last tick at or below: 50,529.2
    const [position] = await h.venue.positions(OWNER);
    expect(position!.liquidationPrice).toBe(505_292);
  });

  it("leaves the account alone one tick above and closes it at market on the liquidation price", async () => {
    await longOneBtcAt60k();
    await h.liquidity("BUY", 505_000, 2 * ONE_BTC);
    await h.mark(505_293);
    await h.liquidations();
    expect((await h.venue.positions(OWNER))[0]!.size).toBe(ONE_BTC);

    await h.mark(505_292);
    await h.liquidations();
    expect(await h.venue.positions(OWNER)).toEqual([]);
    // 9,976 − 9,500 (sold at 50,500) − 20.2 taker fee
    expect((await h.venue.balance(OWNER)).collateral).toBe(usdc("455.8"));
    await expectReconciled();
  });

  it("closes what the book cannot absorb at the mark, without a fee", async () => {
    await longOneBtcAt60k();
    await h.liquidity("BUY", 500_000, ONE_BTC / 4); // the rest of the bids are gone
    await h.mark(505_000);
    await h.liquidations();
    expect(await h.venue.positions(OWNER)).toEqual([]);
    const ledger = await storedLedger(h.database, OWNER, "alder");
    expect(ledger.lotsBySymbol["BTC-USD"]).toBe(0);
    // 9,976 − 0.25 × 10,000 − 5 (fee on 12,500) − 0.75 × 9,500 at the mark, no fee
    expect((await h.venue.balance(OWNER)).collateral).toBe(usdc("346"));
    await expectReconciled();
  });

  it("cancels the owner's resting orders first", async () => {
    await longOneBtcAt60k();
    const resting = await h.venue.place(OWNER, { symbol: "BTC-USD", side: "SELL", type: "LIMIT", price: 700_000, size: 100 });
    expect(resting.ok && resting.order.status).toBe("NEW");
    await h.liquidity("BUY", 500_000, 2 * ONE_BTC);
    await h.mark(500_000);
    await h.liquidations();
    expect(await h.venue.openOrders(OWNER)).toEqual([]);
    expect(resting.ok && (await h.venue.order(OWNER, resting.order.orderId))).toMatchObject({ status: "CANCELED", reason: "LIQUIDATION" });
  });
});

describe("funding", () => {
  it("charges the long and credits the short at a positive rate", async () => {
    const SHORT = "own_short";
    await h.addOwner(SHORT);
    await longOneBtcAt60k();
    await h.liquidity("BUY", 600_000, ONE_BTC);
    await h.venue.place(SHORT, { symbol: "BTC-USD", side: "SELL", type: "MARKET", size: ONE_BTC });
    await h.funding(10_000n); // 0.01 % of 60,000
    expect((await h.venue.positions(OWNER))[0]!.funding).toBe(-usdc("6"));
    expect((await h.venue.positions(SHORT))[0]!.funding).toBe(usdc("6"));
    expect((await h.venue.balance(OWNER)).collateral).toBe(usdc("9970"));
    await expectReconciled(OWNER);
    await expectReconciled(SHORT);
  });
});

describe("orders", () => {
  it("returns the first order when a client order id is reused", async () => {
    await h.mark(600_000);
    const order = { symbol: "BTC-USD", side: "BUY", type: "LIMIT", price: 590_000, size: 100, clientOrderId: "agent-1" } as const;
    const [a, b] = await Promise.all([h.venue.place(OWNER, order), h.venue.place(OWNER, order)]);
    const c = await h.venue.place(OWNER, order);
    expect(a.ok && b.ok && c.ok).toBe(true);
    const ids = [a, b, c].map((r) => (r.ok ? r.order.orderId : ""));
    expect(new Set(ids).size).toBe(1);
    expect(await h.venue.openOrders(OWNER)).toHaveLength(1);
  });

  it("cancels an open order once, and only for its owner", async () => {
    await h.addOwner("own_other");
    await h.mark(600_000);
    const placed = await h.venue.place(OWNER, { symbol: "BTC-USD", side: "BUY", type: "LIMIT", price: 590_000, size: 100 });
    if (!placed.ok) throw new Error(placed.message);
    expect(await h.venue.cancel("own_other", placed.order.orderId)).toMatchObject({ ok: false, code: "ORDER_NOT_FOUND" });
    expect(await h.venue.cancel(OWNER, placed.order.orderId)).toMatchObject({ ok: true, order: { status: "CANCELED" } });
    expect(await h.venue.cancel(OWNER, placed.order.orderId)).toMatchObject({ ok: false, code: "ORDER_NOT_OPEN" });
    expect(h.venue.book("BTC-USD")!.bids).toEqual([]);
  });

  it("holds a stop until the mark reaches its trigger", async () => {
    await longOneBtcAt60k();
    await h.liquidity("BUY", 580_000, ONE_BTC);
    const stop = await h.venue.place(OWNER, { symbol: "BTC-USD", side: "SELL", type: "STOP_MARKET", triggerPrice: 585_000, size: ONE_BTC, reduceOnly: true });
    if (!stop.ok) throw new Error(stop.message);
    await h.mark(590_000);
    expect((await h.venue.positions(OWNER))[0]!.size).toBe(ONE_BTC);
    await h.mark(585_000);
    expect(await h.venue.positions(OWNER)).toEqual([]);
    expect(await h.venue.order(OWNER, stop.order.orderId)).toMatchObject({ status: "FILLED", filledSize: ONE_BTC });
    await expectReconciled();
  });

  it("rejects prices off the venue's tick and missing conditional fields", async () => {
    const birch = await createVenueHarness({ venue: "birch" }); // tick 0.2
    try {
      await birch.addOwner(OWNER);
      await birch.mark(600_000);
      expect(await birch.venue.place(OWNER, { symbol: "BTC-USD", side: "BUY", type: "LIMIT", price: 590_001, size: 100 })).toMatchObject({
        ok: false,
        code: "INVALID_ORDER",
      });
      expect(await birch.venue.place(OWNER, { symbol: "BTC-USD", side: "BUY", type: "LIMIT", size: 100 })).toMatchObject({ ok: false, code: "INVALID_ORDER" });
      expect(await birch.venue.place(OWNER, { symbol: "BTC-USD", side: "BUY", type: "STOP_LIMIT", price: 590_000, size: 100 })).toMatchObject({
        ok: false,
        code: "INVALID_ORDER",
      });
      expect(await birch.venue.place(OWNER, { symbol: "NOPE-USD", side: "BUY", type: "MARKET", size: 1 })).toMatchObject({ ok: false, code: "UNKNOWN_SYMBOL" });
    } finally {
      await birch.close();
    }
  });

  it("places an order's attached take-profit and stop-loss as it fills, and cancels the other once one closes the position", async () => {
    await h.liquidity("SELL", 600_000, ONE_BTC);
    await h.mark(600_000);
    const entry = await h.venue.place(OWNER, {
      symbol: "BTC-USD",
      side: "BUY",
      type: "MARKET",
      size: ONE_BTC,
      takeProfit: 620_000,
      stopLoss: 590_000,
      clientOrderId: "entry-1",
    });
    if (!entry.ok) throw new Error(entry.message);
    const exits = await h.venue.openOrders(OWNER);
    expect(exits.map((o) => [o.type, o.side, o.triggerPrice, o.size, o.reduceOnly, o.clientOrderId]).sort()).toEqual([
      ["STOP_MARKET", "SELL", 590_000, ONE_BTC, true, "entry-1.sl10000"],
      ["TAKE_PROFIT_MARKET", "SELL", 620_000, ONE_BTC, true, "entry-1.tp10000"],
    ]);
    await h.liquidity("BUY", 619_000, ONE_BTC);
    await h.mark(615_000);
    expect((await h.venue.positions(OWNER))[0]!.size).toBe(ONE_BTC);
    await h.mark(620_000);
    expect(await h.venue.positions(OWNER)).toEqual([]);
    const stop = exits.find((o) => o.type === "STOP_MARKET")!;
    expect(await h.venue.order(OWNER, stop.orderId)).toMatchObject({ status: "CANCELED", reason: "POSITION_CLOSED" });
    expect(await h.venue.openOrders(OWNER)).toEqual([]);
    await expectReconciled();
  });

  it("fills a fill-or-kill order whole or refuses it, and refuses a post-only order that would take", async () => {
    await h.liquidity("SELL", 600_000, 1000);
    await h.mark(600_000);
    const fok = await h.venue.place(OWNER, { symbol: "BTC-USD", side: "BUY", type: "LIMIT", price: 600_000, size: 2000, timeInForce: "FOK" });
    expect(fok).toMatchObject({ ok: true, order: { status: "REJECTED", reason: "FOK_WOULD_NOT_FILL", filledSize: 0 } });
    const post = await h.venue.place(OWNER, { symbol: "BTC-USD", side: "BUY", type: "LIMIT", price: 600_000, size: 100, timeInForce: "POST_ONLY" });
    expect(post).toMatchObject({ ok: true, order: { status: "REJECTED", reason: "POST_ONLY_WOULD_CROSS" } });
    const whole = await h.venue.place(OWNER, { symbol: "BTC-USD", side: "BUY", type: "MARKET", size: 1000, timeInForce: "FOK" });
    expect(whole).toMatchObject({ ok: true, order: { status: "FILLED", filledSize: 1000 } });
    expect(await h.venue.place(OWNER, { symbol: "BTC-USD", side: "BUY", type: "MARKET", size: 1, timeInForce: "GTC" })).toMatchObject({
      ok: false,
      code: "INVALID_ORDER",
    });
    expect(await h.venue.place(OWNER, { symbol: "BTC-USD", side: "SELL", type: "MARKET", size: 1, reduceOnly: true, stopLoss: 610_000 })).toMatchObject({
      ok: false,
      code: "INVALID_ORDER",
    });
    await expectReconciled();
  });
});
