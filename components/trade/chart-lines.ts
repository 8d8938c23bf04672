"use client";

// The owner's prices on a market's chart: each resting order's limit (or trigger), each position leg's
// entry and liquidation price. Read from the desk's queries, so the chart and the tables share one read.

import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import type { PriceLine } from "@/components/market/candle-chart";
import type { OrderView } from "@/lib/trading/contract/orders";
import type { PositionView } from "@/lib/trading/contract/positions";
import { useDeskStreaming } from "./desk-live";
import { openOrdersQuery, positionsQuery } from "./queries";

export function orderLine(order: OrderView): PriceLine | null {
  const price = order.price ?? order.triggerPrice;
  if (price === null) return null;
  const rest = Number(order.quantity) - Number(order.filledQuantity);
  return { price: Number(price), title: `${order.side === "BUY" ? "Buy" : "Sell"} ${rest} ${order.venue}`, tone: order.side === "BUY" ? "buy" : "sell" };
}

export function positionLines(leg: PositionView): PriceLine[] {
  const entry: PriceLine = { price: Number(leg.entryPrice), title: `${leg.side === "LONG" ? "Long" : "Short"} ${leg.size} ${leg.venue}`, tone: "entry" };
  return leg.liquidationPrice === null ? [entry] : [entry, { price: Number(leg.liquidationPrice), title: `Liq. ${leg.venue}`, tone: "liquidation" }];
}

export function useChartLines(symbol: string, signedIn: boolean): readonly PriceLine[] {
  const streaming = useDeskStreaming();
  const orders = useQuery({ ...openOrdersQuery(undefined, streaming), enabled: signedIn });
  const positions = useQuery({ ...positionsQuery(streaming), enabled: signedIn });
  return useMemo(
    () => [
      ...(orders.data ?? []).filter((o) => o.symbol === symbol).flatMap((o) => orderLine(o) ?? []),
      ...(positions.data ?? []).filter((p) => p.symbol === symbol).flatMap(positionLines),
    ],
    [orders.data, positions.data, symbol],
  );
}
