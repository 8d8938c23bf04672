import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { coalesced, parseAccountEvent } from "./desk-stream";
import { balancesQuery, killSwitchQuery, openOrdersQuery, pairsQuery, positionsQuery, refreshAccountReads, STREAMING_MS } from "./queries";

describe("the desk's account stream", () => {
  it("reads snapshot and update events, and refuses malformed ones", () => {
    expect(parseAccountEvent("snapshot", { seq: 0, data: { venues: ["alder", "birch"] } })).toEqual({ kind: "snapshot", seq: 0, venues: ["alder", "birch"] });
    expect(parseAccountEvent("update", { seq: 3, data: { venues: ["alder"] } })).toEqual({ kind: "update", seq: 3, venues: ["alder"] });
    expect(() => parseAccountEvent("update", { seq: -1, data: { venues: [] } })).toThrow();
    expect(() => parseAccountEvent("update", { seq: 1 })).toThrow();
  });

  it("an event makes positions, orders (of every symbol), balances and pairs stale, not the kill switch", async () => {
    const queryClient = new QueryClient();
    const reads = [positionsQuery(), openOrdersQuery(), openOrdersQuery("BTC-USD"), balancesQuery(), pairsQuery()];
    for (const q of [...reads, killSwitchQuery()]) queryClient.setQueryData(q.queryKey, []);
    await refreshAccountReads(queryClient);
    for (const q of reads) expect(queryClient.getQueryState(q.queryKey)?.isInvalidated, JSON.stringify(q.queryKey)).toBe(true);
    expect(queryClient.getQueryState(killSwitchQuery().queryKey)?.isInvalidated).toBe(false);
  });

  it("polls slowly while the stream is live, as before while it is down", () => {
    expect(positionsQuery(true).refetchInterval).toBe(STREAMING_MS);
    expect(openOrdersQuery(undefined, true).refetchInterval).toBe(STREAMING_MS);
    expect(balancesQuery(true).refetchInterval).toBe(STREAMING_MS);
    expect(pairsQuery(true).refetchInterval).toBe(STREAMING_MS);
    for (const q of [positionsQuery(), openOrdersQuery(), balancesQuery(), pairsQuery()]) expect(q.refetchInterval).toBeLessThan(STREAMING_MS);
  });
});

describe("coalesced", () => {
  it("runs one refresh at a time and one more after a burst, never one per event", async () => {
    const finish: (() => void)[] = [];
    let started = 0;
    const refresh = coalesced(
      () =>
        new Promise<void>((resolve) => {
          started++;
          finish.push(resolve);
        }),
    );
    refresh();
    for (let i = 0; i < 10; i++) refresh();
    expect(started).toBe(1);
    finish.shift()!();
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toBe(2); // the burst's changes are read once, after the first refresh
    finish.shift()!();
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toBe(2);
    refresh();
    expect(started).toBe(3);
  });
});
