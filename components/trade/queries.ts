// TanStack Query factories for the trade desk. Its reads go to small same-origin endpoints (app/trade/*)
// that attach the owner's desk key or owner token on the server. The account reads (positions, orders,
// balances, pairs) are refetched on every event of the desk's account stream (desk-live.tsx) and poll
// slowly while it is live (marks still move); while it is down, or without it, they poll as before.

import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { orderSchema } from "@/lib/trading/contract/orders";
import { pairSchema } from "@/lib/trading/contract/pairs";
import { balanceSchema, positionSchema } from "@/lib/trading/contract/positions";
import { killSwitchPanelSchema } from "@/lib/dashboard/kill-switch-view";
import { deskJson } from "@/components/swap/queries";
import { KILL_SWITCH_KEY, KILL_SWITCH_POLL_MS } from "./kill-switch-read";

const LIVE_MS = 2_000;
const SLOW_MS = 5_000;
/** The account reads' polling while the account stream is live. */
export const STREAMING_MS = 15_000;

const every = (ms: number, streaming: boolean) => (streaming ? STREAMING_MS : ms);

export const positionsQuery = (streaming = false) =>
  queryOptions({
    queryKey: ["trade", "positions"],
    queryFn: () => deskJson("/trade/positions", z.array(positionSchema)),
    refetchInterval: every(LIVE_MS, streaming),
    staleTime: 0,
  });

export const openOrdersQuery = (symbol?: string, streaming = false) =>
  queryOptions({
    queryKey: ["trade", "orders", symbol ?? "all"],
    queryFn: () => deskJson(symbol ? `/trade/orders?symbol=${encodeURIComponent(symbol)}` : "/trade/orders", z.array(orderSchema)),
    refetchInterval: every(LIVE_MS, streaming),
    staleTime: 0,
  });

/** Every venue's part of the owner's orders, newest first: the order history, and the fills among it. */
export const orderHistoryQuery = (streaming = false) =>
  queryOptions({
    queryKey: ["trade", "history"],
    queryFn: () => deskJson("/trade/history", z.array(orderSchema)),
    refetchInterval: every(SLOW_MS, streaming),
    staleTime: 0,
  });

export const balancesQuery = (streaming = false) =>
  queryOptions({
    queryKey: ["trade", "balances"],
    queryFn: () => deskJson("/trade/balances", z.array(balanceSchema)),
    refetchInterval: every(SLOW_MS, streaming),
    staleTime: 0,
  });

export const pairsQuery = (streaming = false) =>
  queryOptions({
    queryKey: ["trade", "pairs"],
    queryFn: () => deskJson("/trade/pairs", z.array(pairSchema)),
    refetchInterval: every(LIVE_MS, streaming),
    staleTime: 0,
  });

export const killSwitchQuery = () =>
  queryOptions({
    queryKey: KILL_SWITCH_KEY,
    queryFn: () => deskJson("/trade/kill-switch", killSwitchPanelSchema),
    refetchInterval: KILL_SWITCH_POLL_MS,
    staleTime: 0,
  });

/** After any trade: every desk read is stale. */
export function refreshDesk(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ["trade"] });
}

/** The reads an account change makes stale (not the kill switch: only the owner moves it). */
export const ACCOUNT_READ_KEYS = [
  positionsQuery().queryKey,
  ["trade", "orders"],
  orderHistoryQuery().queryKey,
  balancesQuery().queryKey,
  pairsQuery().queryKey,
] as const;

/** On an account stream event: the account reads are stale, and those on screen refetch now. */
export async function refreshAccountReads(queryClient: QueryClient): Promise<void> {
  await Promise.all(ACCOUNT_READ_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
