import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OrderBook } from "./order-book";
import type { LevelView, MatchResult, OrderRequest, OrderView, Side, TimeInForce } from "./types";

// Random streams of submits (every type, time in force, reduce-only), cancels and mark prices, run through
// one book while a shadow model is rebuilt from nothing but the results. After every step:
// - the book is not crossed;
// - post-only never takes and is refused exactly when it would cross; IOC and market orders never rest;
// - every fill takes the oldest order at the best price of the other side (price-time, FIFO), within the
//   taker's limit, never from the taker's owner, with fees exactly the rounded-up rational;
// - a mark releases exactly the stops it triggers;
// - a fill of a reduce-only order never grows or flips its owner's position (positions simulated from fills);
// - the deltas, the shadow queues and the snapshot agree level by level;
// - a cancel removes exactly the order it names, as it was, and leaves every other order untouched;
// and at the end every order's size = filled + open + cancelled.

const UNITS = { tickSize: "0.5", lotSize: "0.001", quoteUnit: "0.000001", makerFeeBps: "-1.5", takerFeeBps: "4.5" };
/** Fee numerators per price × size, over 1000: 0.5 × 0.001 × bps / 10 000 / 0.000001 = bps / 20. */
const TAKER_PER_MILLE = 225n;
const MAKER_PER_MILLE = -75n;

type Op = { kind: "submit"; order: OrderRequest } | { kind: "cancel"; pick: number } | { kind: "mark"; price: number };

const owner = fc.constantFrom("alice", "bob", "carol", "dave");
const side = fc.constantFrom<Side>("BUY", "SELL");
const price = fc.integer({ min: 95, max: 105 });
const maybePrice = fc.option(price, { nil: undefined });
const tif = fc.constantFrom<TimeInForce>("GTC", "GTC", "IOC", "POST_ONLY");
const common = fc.record({
  id: fc.constant(""),
  owner,
  side,
  size: fc.integer({ min: 1, max: 6 }),
  reduceOnly: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});

const order: fc.Arbitrary<OrderRequest> = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(common, price, tif).map(([c, p, t]): OrderRequest => ({ ...c, type: "LIMIT", price: p, timeInForce: t })) },
  { weight: 2, arbitrary: fc.tuple(common, maybePrice).map(([c, p]): OrderRequest => ({ ...c, type: "MARKET", protectionPrice: p })) },
  {
    weight: 1,
    arbitrary: fc.tuple(common, price, maybePrice).map(([c, t, p]): OrderRequest => ({ ...c, type: "STOP_MARKET", triggerPrice: t, protectionPrice: p })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(common, price, price, tif)
      .map(([c, t, p, f]): OrderRequest => ({ ...c, type: "STOP_LIMIT", triggerPrice: t, price: p, timeInForce: f })),
  },
);

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 7, arbitrary: order.map((o): Op => ({ kind: "submit", order: o })) },
  { weight: 2, arbitrary: fc.nat().map((pick): Op => ({ kind: "cancel", pick })) },
  { weight: 1, arbitrary: fc.integer({ min: 93, max: 107 }).map((p): Op => ({ kind: "mark", price: p })) },
);

interface Tally {
  order: OrderRequest;
  filled: number;
  canceled: number;
}

interface Queued {
  id: string;
  open: number;
}

function worstPrice(o: OrderRequest): number {
  if ("price" in o) return o.price;
  return o.protectionPrice ?? (o.side === "BUY" ? Infinity : 0);
}

function triggeredBy(o: OrderRequest, mark: number): boolean {
  if (o.type !== "STOP_MARKET" && o.type !== "STOP_LIMIT") throw new Error(`${o.id} is not a stop`);
  return o.side === "BUY" ? mark >= o.triggerPrice : mark <= o.triggerPrice;
}

function feeIsCeiling(fee: bigint, price: number, size: number, perMille: bigint): boolean {
  const exact = BigInt(price) * BigInt(size) * perMille;
  return fee * 1000n >= exact && (fee - 1n) * 1000n < exact;
}

class Harness {
  readonly positions = new Map<string, number>();
  readonly book = new OrderBook({ ...UNITS, positionOf: (o) => this.positions.get(o) ?? 0 });
  readonly tallies = new Map<string, Tally>();
  /** Resting orders per "side price", oldest first, rebuilt from results only. */
  readonly queues = new Map<string, Queued[]>();
  /** Levels rebuilt from deltas only. */
  readonly levels = new Map<string, LevelView & { side: Side }>();
  ids: string[] = [];
  lastSeq = 0;
  updates = 0;
  now = 0;

  run(o: Op): void {
    this.now++;
    if (o.kind === "submit") {
      const submitted = { ...o.order, id: `o${this.ids.length}` };
      this.ids.push(submitted.id);
      this.tallies.set(submitted.id, { order: submitted, filled: 0, canceled: 0 });
      this.apply([this.book.submit(submitted, this.now)]);
    } else if (o.kind === "mark") {
      const released = this.book.onMarkPrice(o.price, this.now);
      for (const r of released) expect(triggeredBy(this.tallies.get(r.ack.orderId)!.order, o.price)).toBe(true);
      for (const id of this.ids) if (this.book.order(id)?.held) expect(triggeredBy(this.tallies.get(id)!.order, o.price)).toBe(false);
      this.apply(released);
    } else if (this.ids.length > 0) {
      this.cancel(this.ids[o.pick % this.ids.length]!);
    }
    this.checkBook();
  }

  private cancel(id: string): void {
    const before = new Map(this.ids.map((i) => [i, this.book.order(i)]));
    const r = this.book.cancel(id);
    if (!r.found) {
      expect(before.get(id)).toBeUndefined();
    } else {
      expect(r.order).toEqual(before.get(id));
      this.tallies.get(id)!.canceled += r.order.openSize;
      if (!r.order.held) {
        const q = this.queue(r.order.side, r.order.price!);
        const at = q.findIndex((e) => e.id === id);
        expect(q[at]!.open).toBe(r.order.openSize);
        q.splice(at, 1);
      }
      this.applyDeltas(r.deltas, r.updateId);
    }
    expect(this.book.order(id)).toBeUndefined();
    before.delete(id);
    expect(new Map([...before.keys()].map((i) => [i, this.book.order(i)]))).toEqual(before);
  }

  private apply(results: MatchResult[]): void {
    // positionOf must show every fill of earlier calls; the book adds the fills of the call in progress.
    const running = new Map(this.positions);
    for (const r of results) this.applyResult(r, running);
    for (const [o, p] of running) this.positions.set(o, p);
  }

  private applyResult(r: MatchResult, running: Map<string, number>): void {
    const { ack } = r;
    const taker = this.tallies.get(ack.orderId)!;
    expect(ack.size).toBe(taker.order.size);
    expect(ack.filledSize + ack.openSize + ack.canceledSize).toBe(ack.size);
    if (ack.status === "REJECTED") {
      expect([ack.filledSize, ack.openSize, r.fills.length, r.canceled.length, r.deltas.length]).toEqual([0, 0, 0, 0, 0]);
    }
    this.checkTimeInForce(r, taker.order);

    for (const c of r.canceled) {
      const q = this.queue(c.side, c.price);
      const entry = q.find((e) => e.id === c.orderId)!;
      entry.open -= c.canceledSize;
      expect(entry.open).toBe(c.openSize);
      if (entry.open === 0) q.splice(q.indexOf(entry), 1);
      this.tallies.get(c.orderId)!.canceled += c.canceledSize;
      if (c.reason === "SELF_TRADE") expect([c.owner, c.openSize]).toEqual([ack.owner, 0]);
      else expect(this.tallies.get(c.orderId)!.order.reduceOnly).toBe(true);
    }

    let filled = 0;
    for (const f of r.fills) {
      expect(f.seq).toBeGreaterThan(this.lastSeq);
      this.lastSeq = f.seq;
      expect([f.takerOrderId, f.takerOwner, f.takerSide, f.timestamp]).toEqual([ack.orderId, ack.owner, ack.side, this.now]);
      expect(f.makerOwner).not.toBe(f.takerOwner);
      const makerSide: Side = f.takerSide === "BUY" ? "SELL" : "BUY";
      expect(this.bestQueuedPrice(makerSide)).toBe(f.price);
      const q = this.queue(makerSide, f.price);
      expect(q[0]!.id).toBe(f.makerOrderId);
      q[0]!.open -= f.size;
      expect(q[0]!.open).toBeGreaterThanOrEqual(0);
      if (q[0]!.open === 0) q.shift();
      const limit = worstPrice(taker.order);
      expect(f.takerSide === "BUY" ? f.price <= limit : f.price >= limit).toBe(true);
      expect(feeIsCeiling(f.takerFee, f.price, f.size, TAKER_PER_MILLE)).toBe(true);
      expect(feeIsCeiling(f.makerFee, f.price, f.size, MAKER_PER_MILLE)).toBe(true);

      const maker = this.tallies.get(f.makerOrderId)!;
      maker.filled += f.size;
      taker.filled += f.size;
      filled += f.size;
      const bought = f.takerSide === "BUY" ? f.size : -f.size;
      for (const [who, change] of [
        [maker, -bought],
        [taker, bought],
      ] as const) {
        const before = running.get(who.order.owner) ?? 0;
        const after = before + change;
        if (who.order.reduceOnly) expect(Math.abs(after) <= Math.abs(before) && after * before >= 0).toBe(true);
        running.set(who.order.owner, after);
      }
    }
    expect(filled).toBe(ack.filledSize);
    expect(taker.filled).toBe(ack.filledSize);
    taker.canceled += ack.canceledSize;

    if (ack.openSize > 0 && !ack.held) this.queue(ack.side, worstPrice(taker.order)).push({ id: ack.orderId, open: ack.openSize });
    this.applyDeltas(r.deltas, r.updateId);
  }

  /** Post-only never takes and is refused exactly when it would cross; IOC and market orders never rest. Run before the result is applied. */
  private checkTimeInForce(r: MatchResult, o: OrderRequest): void {
    if (r.ack.held) return;
    const tif = o.type === "LIMIT" || o.type === "STOP_LIMIT" ? (o.timeInForce ?? "GTC") : "IOC";
    if (tif === "IOC") expect(r.ack.openSize).toBe(0);
    if (tif !== "POST_ONLY" || (r.ack.status === "REJECTED" && r.ack.reason !== "POST_ONLY_WOULD_CROSS")) return;
    const best = this.bestQueuedPrice(o.side === "BUY" ? "SELL" : "BUY");
    const crosses = best !== undefined && (o.side === "BUY" ? best <= worstPrice(o) : best >= worstPrice(o));
    expect(r.fills).toEqual([]);
    expect(r.ack.reason === "POST_ONLY_WOULD_CROSS").toBe(crosses);
  }

  private applyDeltas(deltas: MatchResult["deltas"], updateId: number): void {
    for (const d of deltas) {
      expect(d.size === 0).toBe(d.count === 0);
      const key = `${d.side} ${d.price}`;
      if (d.size === 0) this.levels.delete(key);
      else this.levels.set(key, d);
    }
    if (deltas.length > 0) this.updates++;
    expect(updateId).toBe(this.updates);
  }

  private queue(s: Side, p: number): Queued[] {
    const key = `${s} ${p}`;
    let q = this.queues.get(key);
    if (q === undefined) {
      q = [];
      this.queues.set(key, q);
    }
    return q;
  }

  private bestQueuedPrice(s: Side): number | undefined {
    const prices = this.queuedLevels(s).map((l) => l.price);
    return prices[0];
  }

  private queuedLevels(s: Side): LevelView[] {
    const out: LevelView[] = [];
    for (const [key, q] of this.queues) {
      const [qs, qp] = key.split(" ");
      if (qs === s && q.length > 0) out.push({ price: Number(qp), size: q.reduce((n, e) => n + e.open, 0), count: q.length });
    }
    return out.sort((a, b) => (s === "BUY" ? b.price - a.price : a.price - b.price));
  }

  private checkBook(): void {
    const snap = this.book.snapshot();
    expect(snap.updateId).toBe(this.updates);
    const [bid, ask] = [snap.bids[0], snap.asks[0]];
    if (bid !== undefined && ask !== undefined) expect(bid.price).toBeLessThan(ask.price);
    expect([this.book.bestBid(), this.book.bestAsk()]).toEqual([bid?.price, ask?.price]);
    for (const s of ["BUY", "SELL"] as const) {
      const fromDeltas = [...this.levels.values()]
        .filter((l) => l.side === s)
        .map(({ price: p, size, count }) => ({ price: p, size, count }))
        .sort((a, b) => (s === "BUY" ? b.price - a.price : a.price - b.price));
      const fromBook = s === "BUY" ? snap.bids : snap.asks;
      expect(fromBook).toEqual(fromDeltas);
      expect(fromBook).toEqual(this.queuedLevels(s));
    }
  }

  checkConservation(): void {
    let submitted = 0;
    let accounted = 0;
    for (const [id, t] of this.tallies) {
      const view: OrderView | undefined = this.book.order(id);
      const open = view?.openSize ?? 0;
      expect(t.filled + open + t.canceled, id).toBe(t.order.size);
      if (view !== undefined) expect(view.filledSize).toBe(t.filled);
      submitted += t.order.size;
      accounted += t.filled + open + t.canceled;
    }
    expect(accounted).toBe(submitted);
  }
}

describe("order book properties", () => {
  it("keep price-time priority, conservation, exact fees, reduce-only and consistent deltas over random streams", () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 150 }), (ops) => {
        const h = new Harness();
        for (const o of ops) h.run(o);
        h.checkConservation();
      }),
      { numRuns: 400 },
    );
  });

  it("hold over long streams with deep levels", () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 400, maxLength: 800 }), (ops) => {
        const h = new Harness();
        for (const o of ops) h.run(o);
        h.checkConservation();
      }),
      { numRuns: 10, endOnFailure: true }, // shrinking hundreds of steps would take minutes
    );
  }, 60_000);
});
