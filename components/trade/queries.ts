// TanStack Query factories for the trade desk. Its reads go to small same-origin endpoints (app/trade/*)
// that attach the owner's desk key or owner token on the server; they poll while on screen, since
// positions and orders move with every fill.

import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { orderSchema } from "@/lib/api/trading/orders.schema";
import { pairSchema } from "@/lib/api/trading/pairs.schema";
import { balanceSchema, positionSchema } from "@/lib/api/trading/positions.schema";
import { killSwitchPanelSchema } from "@/lib/dashboard/kill-switch-view";
import { deskJson } from "@/components/swap/queries";

const LIVE_MS = 2_000;
const SLOW_MS = 5_000;

export const positionsQuery = () =>
  queryOptions({ queryKey: ["trade", "positions"], queryFn: () => deskJson("/trade/positions", z.array(positionSchema)), refetchInterval: LIVE_MS, staleTime: 0 });

export const openOrdersQuery = (symbol?: string) =>
  queryOptions({
    queryKey: ["trade", "orders", symbol ?? "all"],
    queryFn: () => deskJson(symbol ? `/trade/orders?symbol=${encodeURIComponent(symbol)}` : "/trade/orders", z.array(orderSchema)),
    refetchInterval: LIVE_MS,
    staleTime: 0,
  });

export const balancesQuery = () =>
  queryOptions({ queryKey: ["trade", "balances"], queryFn: () => deskJson("/trade/balances", z.array(balanceSchema)), refetchInterval: SLOW_MS, staleTime: 0 });

export const pairsQuery = () =>
  queryOptions({ queryKey: ["trade", "pairs"], queryFn: () => deskJson("/trade/pairs", z.array(pairSchema)), refetchInterval: LIVE_MS, staleTime: 0 });

export const killSwitchQuery = () =>
  queryOptions({ queryKey: ["trade", "kill-switch"], queryFn: () => deskJson("/trade/kill-switch", killSwitchPanelSchema), refetchInterval: SLOW_MS, staleTime: 0 });

/** After any trade: every desk read is stale. */
export function refreshDesk(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ["trade"] });
}
