"use client";

// The answer to an order from the desk: what happened in words (the API's outcome), and the child order
// each venue got (its status, fill, average price, fees and why any rest was cancelled).

import type { ParentOrderView } from "@/lib/api/trading/orders.schema";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
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
      className={cn("flex flex-col gap-2 rounded-md border p-3", words.tone === "destructive" ? "border-destructive/40" : words.tone === "success" ? "border-success/40" : "")}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium">{title}</p>
        <OrderStatusBadge order={order} />
      </div>
      <p className="text-sm" data-testid="order-outcome">
        {order.outcome}
      </p>
      {order.children.length > 0 ? (
        <Table aria-label="Child orders per venue" className="text-xs">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Venue</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Filled</TableHead>
              <TableHead className="text-right">Avg price</TableHead>
              <TableHead className="text-right">Fees</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {order.children.map((child) => (
              <TableRow key={`${child.venue}-${child.clientOrderId ?? child.orderId}`} data-testid="order-child" data-venue={child.venue}>
                <TableCell>{child.venue}</TableCell>
                <TableCell>
                  <OrderStatusBadge order={child} />
                  {child.reason ? <p className="mt-1 text-muted-foreground">{reasonWords(child.reason)}</p> : null}
                </TableCell>
                <TableCell className="text-right font-mono tabular-nums">
                  {formatAmount(child.filledQuantity, format?.sizeDecimals)} / {formatAmount(child.quantity, format?.sizeDecimals)}
                </TableCell>
                <TableCell className="text-right font-mono tabular-nums">{formatAmount(child.averagePrice, format === undefined ? undefined : format.priceDecimals + 2)}</TableCell>
                <TableCell className="text-right font-mono tabular-nums">{formatUsd(child.fees)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </section>
  );
}
