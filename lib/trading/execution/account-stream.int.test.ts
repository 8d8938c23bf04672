import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApi } from "../../testing/api";
import { createTrader, createTradingTestApi, type Trader } from "../../testing/trading";
import { eventStreamResponse } from "../../http/sse";
import type { Venue, VenueEvent } from "../../venues/venue";
import { subscribeAccount, type AccountMessage } from "./account-stream";
import { STREAM_MAX_UPDATES_PER_SECOND } from "../market-data/limits";

let t: TestApi;
let a: Trader;
let b: Trader;

beforeAll(async () => {
  t = await createTradingTestApi();
  [a, b] = await Promise.all([createTrader(t), createTrader(t)]);
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The venues, counting the listeners subscribed to them. */
function watchedVenues(): { venues: Venue[]; listeners(): number } {
  let count = 0;
  const venues = t.deps.venues.map((venue) => {
    const spy = Object.create(venue) as Venue;
    spy.subscribe = (listener: (event: VenueEvent) => void) => {
      count++;
      const off = venue.subscribe(listener);
      return () => {
        count--;
        off();
      };
    };
    return spy;
  });
  return { venues, listeners: () => count };
}

/** Reads messages one at a time; null when none comes in time. */
function reader(iterable: AsyncIterable<AccountMessage>) {
  const it = iterable[Symbol.asyncIterator]();
  let pending: Promise<IteratorResult<AccountMessage>> | undefined;
  return async (timeoutMs = 5_000): Promise<AccountMessage | null> => {
    pending ??= it.next();
    const next = await Promise.race([pending, sleep(timeoutMs).then(() => null)]);
    if (next === null) return null;
    pending = undefined;
    return next.done ? null : next.value;
  };
}

const marketBuy = { symbol: "BTC-USD", side: "BUY", type: "MARKET", quantity: "0.01" };

describe("account stream", () => {
  it("tells an owner of their own order, not another owner, and lets go of the venues when closed", async () => {
    const { venues, listeners } = watchedVenues();
    const subA = subscribeAccount(venues, a.id);
    const subB = subscribeAccount(venues, b.id);
    expect(listeners()).toBe(2 * venues.length);
    const nextA = reader(subA);
    const nextB = reader(subB);

    // Every connection starts with a snapshot naming every venue.
    expect(await nextA()).toEqual({ event: "snapshot", seq: 0, data: { venues: venues.map((v) => v.name) } });
    expect((await nextB())?.event).toBe("snapshot");

    const placed = await a.call("POST", "/agent/orders", marketBuy);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const children = (placed.body.data as { children: { venue: string }[] }).children.map((c) => c.venue);

    const update = await nextA();
    expect(update).toMatchObject({ event: "update", seq: 1 });
    expect(children.every((v) => update!.data.venues.includes(v))).toBe(true);
    // b's accounts did not move: b hears nothing.
    expect(await nextB(500)).toBeNull();

    subA.close();
    subB.close();
    expect(listeners()).toBe(0);
    expect(await nextA()).toBeNull();
  });

  it("coalesces a burst into at most one update per interval, numbered without gaps", async () => {
    const { venues } = watchedVenues();
    const sub = subscribeAccount(venues, a.id);
    const next = reader(sub);
    await next();
    const started = performance.now();
    await Promise.all(Array.from({ length: 5 }, () => a.call("POST", "/agent/orders", marketBuy)));
    const seqs: number[] = [];
    for (let m = await next(); m !== null; m = await next(300)) seqs.push(m.seq);
    const elapsedS = (performance.now() - started) / 1_000;
    expect(seqs.length).toBeGreaterThan(0);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    expect(seqs.length).toBeLessThanOrEqual(Math.ceil(elapsedS * STREAM_MAX_UPDATES_PER_SECOND) + 1);
    sub.close();
  });

  it("as server-sent events: a numbered snapshot first, and the venues let go when the client disconnects", async () => {
    const { venues, listeners } = watchedVenues();
    const aborted = new AbortController();
    const response = eventStreamResponse(subscribeAccount(venues, a.id), aborted.signal);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const body = response.body!.getReader();
    const first = new TextDecoder().decode((await body.read()).value);
    expect(first).toBe(`event: snapshot\nid: 0\ndata: ${JSON.stringify({ seq: 0, data: { venues: venues.map((v) => v.name) } })}\n\n`);
    expect(listeners()).toBe(venues.length);

    // The client leaves: the body is cancelled (the same happens when the request's signal aborts).
    await body.cancel();
    expect(listeners()).toBe(0);

    const other = eventStreamResponse(subscribeAccount(venues, a.id), aborted.signal);
    expect(listeners()).toBe(venues.length);
    aborted.abort();
    expect(listeners()).toBe(0);
    await other.body!.cancel();
  });
});
