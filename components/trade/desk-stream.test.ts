import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { parseAccountEvent } from "./desk-stream";
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
