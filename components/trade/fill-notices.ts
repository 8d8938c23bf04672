"use client";

// Toasts for what happens to orders after they were sent: a resting order or a triggered exit that
// fills, partly fills or is refused later. Read from the order history as it refreshes (the ticket
// toasts its own answer); rows seen for the first time are taken as they are.

import { useEffect, useRef } from "react";
import { useQuery } from "@tanstack/react-query";
import type { OrderView } from "@/lib/trading/contract/orders";
import { toast, type ToastTone } from "@/components/ui/toaster";
import { useDeskStreaming } from "./desk-live";
import { orderHistoryQuery } from "./queries";
import { reasonWords, sideWords, typeWords } from "./trade-words";

type Seen = ReadonlyMap<string, { filled: string; status: OrderView["status"] }>;

const rowKey = (o: OrderView) => o.clientOrderId ?? `${o.venue}:${o.orderId}`;

/** The notices a refreshed history calls for against what was seen before. */
export function fillNotices(before: Seen, rows: readonly OrderView[]): { title: string; description: string; tone: ToastTone }[] {
  const out: { title: string; description: string; tone: ToastTone }[] = [];
  for (const o of rows) {
    const was = before.get(rowKey(o));
    if (was === undefined || (was.filled === o.filledQuantity && was.status === o.status)) continue;
    const what = `${sideWords(o.side)} ${o.symbol} on ${o.venue} (${typeWords(o.type).toLowerCase()}${o.keyName ? `, ${o.keyName}` : ""})`;
    if (o.status === "FILLED") out.push({ title: `Filled: ${what}`, description: `${o.filledQuantity} at ${o.averagePrice ?? "—"}`, tone: "success" });
    else if (was.filled !== o.filledQuantity)
      out.push({ title: `Partly filled: ${what}`, description: `${o.filledQuantity} of ${o.quantity} at ${o.averagePrice ?? "—"}`, tone: "info" });
    else if (o.status === "REJECTED")
      out.push({ title: `Refused: ${what}`, description: reasonWords(o.reason) ?? "The venue refused it.", tone: "destructive" });
  }
  return out;
}

export function useFillNotices(): void {
  const history = useQuery(orderHistoryQuery(useDeskStreaming()));
  const seen = useRef<Seen | null>(null);
  useEffect(() => {
    if (history.data === undefined) return;
    if (seen.current !== null) for (const notice of fillNotices(seen.current, history.data)) toast(notice);
    seen.current = new Map(history.data.map((o) => [rowKey(o), { filled: o.filledQuantity, status: o.status }]));
  }, [history.data]);
}
