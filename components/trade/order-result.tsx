"use client";

// The answer to an order from the desk: what happened in words (the API's outcome), and the child order
// each venue got (its status, fill, average price, fees and why any rest was cancelled).

import type { ParentOrderView } from "@/lib/trading/contract/orders";
import { cn } from "@/components/ui/cn";
import type { MarketFormat } from "./market-formats";
import { OrderStatusBadge } from "./status-badge";
import { formatAmount, formatUsd, orderStatusWords, reasonWords } from "./trade-words";

export function OrderResult({ order, format, title }: { order: ParentOrderView; format: MarketFormat | undefined; title: string }) {
  const words = orderStatusWords(order);
  return (
    <section
      aria-label={title}
      data-testid="order-result"
      data-status={order.status}
      className={cn(
        "flex flex-col gap-2 rounded-md border p-3",
        words.tone === "destructive" ? "border-destructive/40" : words.tone === "success" ? "border-success/40" : "",
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium">{title}</p>
        <OrderStatusBadge order={order} />
      </div>
      <p className="text-sm" data-testid="order-outcome">
        {order.outcome}
      </p>
      {order.children.length > 0 ? (
        <ul aria-label="Child orders per venue" className="flex flex-col divide-y rounded-md border text-xs">
          {order.children.map((child) => (
            <li
              key={`${child.venue}-${child.clientOrderId ?? child.orderId}`}
              data-testid="order-child"
              data-venue={child.venue}
              className="flex flex-col gap-1 px-2.5 py-2"
            >
              <span className="flex items-center justify-between gap-2">
                <span className="font-medium">{child.venue}</span>
                <OrderStatusBadge order={child} />
              </span>
              <span className="font-mono tabular-nums text-muted-foreground">
                {formatAmount(child.filledQuantity, format?.sizeDecimals)} of {formatAmount(child.quantity, format?.sizeDecimals)}
                {child.averagePrice === null ? "" : ` at ${formatAmount(child.averagePrice, format === undefined ? undefined : format.priceDecimals + 2)}`} ·
                fees {formatUsd(child.fees)}
              </span>
              {child.reason ? <span className="text-muted-foreground">{child.rejectReason ?? reasonWords(child.reason)}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
