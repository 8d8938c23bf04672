"use client";

// The owner's live orders on every venue (resting limits, stops waiting for their trigger), each with
// a cancel, and one button to cancel them all.

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { ListIcon } from "lucide-react";
import { cancelAllOrdersAction, cancelOrderAction } from "@/app/trade/actions";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FormAlert } from "@/components/ui/form-alert";
import { COLUMN, RowDetail, RowDetailToggle, Table, TableActionsHead, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/components/ui/cn";
import type { OrderView } from "@/lib/trading/contract/orders";
import { type MarketFormat, useMarkets } from "./market-formats";
import { openOrdersQuery } from "./queries";
import { useDeskStreaming } from "./desk-live";
import { OrderStatusBadge } from "./status-badge";
import { formatAmount, sideWords, typeWords } from "./trade-words";
import { useDeskAction } from "./use-desk-action";
import { keyWords, useKeyMatch } from "./key-filter";
import { UnreadState } from "./unread-state";

const num = "text-right font-mono tabular-nums";

function OpenOrderRow({ order, format, pending, onCancel }: { order: OrderView; format: MarketFormat | undefined; pending: boolean; onCancel(): void }) {
  const [open, setOpen] = useState(false);
  const type = (
    <>
      {typeWords(order.type)}
      {order.reduceOnly ? <span className="ml-1 text-xs text-muted-foreground">reduce-only</span> : null}
    </>
  );
  return (
    <>
      <TableRow data-testid="open-order" data-venue={order.venue}>
        <TableCell className="whitespace-nowrap">
          {order.symbol} <span className={cn("text-xs", order.side === "BUY" ? "text-success" : "text-destructive")}>{sideWords(order.side)}</span>
        </TableCell>
        <TableCell className={COLUMN.secondary}>{order.venue}</TableCell>
        <TableCell className={cn(COLUMN.secondary, "max-w-32 truncate")} data-testid="order-key">
          {keyWords(order)}
        </TableCell>
        <TableCell className={COLUMN.detail}>{type}</TableCell>
        <TableCell className={num}>{formatAmount(order.quantity, format?.sizeDecimals)}</TableCell>
        <TableCell className={num}>{formatAmount(order.price, format?.priceDecimals)}</TableCell>
        <TableCell className={cn(num, COLUMN.detail)}>{formatAmount(order.triggerPrice, format?.priceDecimals)}</TableCell>
        <TableCell className={cn(num, COLUMN.secondary)}>{formatAmount(order.filledQuantity, format?.sizeDecimals)}</TableCell>
        <TableCell className={COLUMN.detail}>
          <OrderStatusBadge order={order} />
        </TableCell>
        <TableCell className="whitespace-nowrap text-right">
          <Button size="sm" variant="ghost" disabled={pending || order.orderId === null} onClick={onCancel}>
            Cancel
          </Button>
          <RowDetailToggle open={open} onToggle={() => setOpen(!open)} label={`${order.symbol} order on ${order.venue}`} />
        </TableCell>
      </TableRow>
      <RowDetail
        open={open}
        items={[
          ["Venue", order.venue],
          ["Key", keyWords(order)],
          ["Type", type],
          ["Trigger", formatAmount(order.triggerPrice, format?.priceDecimals)],
          ["Filled", formatAmount(order.filledQuantity, format?.sizeDecimals)],
          ["Status", <OrderStatusBadge key="status" order={order} />],
        ]}
      />
    </>
  );
}

export function OpenOrdersTable() {
  const orders = useQuery(openOrdersQuery(undefined, useDeskStreaming()));
  const { formatOf } = useMarkets();
  const action = useDeskAction();
  const [note, setNote] = useState<string | null>(null);
  const matches = useKeyMatch();

  function cancelAll() {
    setNote(null);
    action.run(
      () => cancelAllOrdersAction({}),
      ({ cancelled, failures }) =>
        setNote(`${cancelled} order${cancelled === 1 ? "" : "s"} cancelled.${failures.length ? ` Not cancelled: ${failures.join("; ")}` : ""}`),
    );
  }

  if (!orders.isSuccess) return <UnreadState query={orders} what="open orders" />;
  const shown = orders.data.filter((o) => matches([o.keyId]));
  return (
    <div className="flex flex-col gap-3">
      {shown.length === 0 ? (
        <EmptyState
          icon={ListIcon}
          title="No open orders"
          description="Limit orders that rest in a book and stops waiting for their trigger show here."
          className="py-8"
        />
      ) : (
        <>
          <div className="flex justify-end">
            <Button size="sm" variant="outline" onClick={cancelAll} disabled={action.pending}>
              {action.pending ? "Cancelling…" : "Cancel all"}
            </Button>
          </div>
          <Table aria-label="Open orders">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Market</TableHead>
                <TableHead className={COLUMN.secondary}>Venue</TableHead>
                <TableHead className={COLUMN.secondary}>Key</TableHead>
                <TableHead className={COLUMN.detail}>Type</TableHead>
                <TableHead className="text-right">Size</TableHead>
                <TableHead className="text-right">Price</TableHead>
                <TableHead className={cn("text-right", COLUMN.detail)}>Trigger</TableHead>
                <TableHead className={cn("text-right", COLUMN.secondary)}>Filled</TableHead>
                <TableHead className={COLUMN.detail}>Status</TableHead>
                <TableActionsHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map((order) => (
                <OpenOrderRow
                  key={`${order.venue}:${order.orderId}`}
                  order={order}
                  format={formatOf(order.symbol)}
                  pending={action.pending}
                  onCancel={() => order.orderId && action.run(() => cancelOrderAction({ venue: order.venue, orderId: order.orderId! }))}
                />
              ))}
            </TableBody>
          </Table>
        </>
      )}
      <FormAlert message={action.error} />
      {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
    </div>
  );
}
