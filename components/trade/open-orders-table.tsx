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
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableActionsHead, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useMarkets } from "./market-formats";
import { openOrdersQuery } from "./queries";
import { useDeskStreaming } from "./desk-live";
import { OrderStatusBadge } from "./status-badge";
import { formatAmount, sideWords, typeWords } from "./trade-words";
import { useDeskAction } from "./use-desk-action";

const num = "text-right font-mono tabular-nums";

export function OpenOrdersTable() {
  const orders = useQuery(openOrdersQuery(undefined, useDeskStreaming()));
  const { formatOf } = useMarkets();
  const action = useDeskAction();
  const [note, setNote] = useState<string | null>(null);

  function cancelAll() {
    setNote(null);
    action.run(
      () => cancelAllOrdersAction({}),
      ({ cancelled, failures }) =>
        setNote(`${cancelled} order${cancelled === 1 ? "" : "s"} cancelled.${failures.length ? ` Not cancelled: ${failures.join("; ")}` : ""}`),
    );
  }

  if (orders.isPending) return <Skeleton className="h-24 w-full" aria-label="Loading open orders" />;
  if (orders.isError) return <FormAlert message={`Open orders could not be read: ${orders.error.message}`} />;
  return (
    <div className="flex flex-col gap-3">
      {orders.data.length === 0 ? (
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
                <TableHead>Venue</TableHead>
                <TableHead>Side</TableHead>
                <TableHead>Type</TableHead>
                <TableHead className="text-right">Size</TableHead>
                <TableHead className="text-right">Price</TableHead>
                <TableHead className="text-right">Trigger</TableHead>
                <TableHead className="text-right">Filled</TableHead>
                <TableHead>Status</TableHead>
                <TableActionsHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              {orders.data.map((order) => {
                const format = formatOf(order.symbol);
                return (
                  <TableRow key={`${order.venue}:${order.orderId}`} data-testid="open-order" data-venue={order.venue}>
                    <TableCell className="whitespace-nowrap">{order.symbol}</TableCell>
                    <TableCell>{order.venue}</TableCell>
                    <TableCell className={order.side === "BUY" ? "text-success" : "text-destructive"}>{sideWords(order.side)}</TableCell>
                    <TableCell>
                      {typeWords(order.type)}
                      {order.reduceOnly ? <span className="ml-1 text-xs text-muted-foreground">reduce-only</span> : null}
                    </TableCell>
                    <TableCell className={num}>{formatAmount(order.quantity, format?.sizeDecimals)}</TableCell>
                    <TableCell className={num}>{formatAmount(order.price, format?.priceDecimals)}</TableCell>
                    <TableCell className={num}>{formatAmount(order.triggerPrice, format?.priceDecimals)}</TableCell>
                    <TableCell className={num}>{formatAmount(order.filledQuantity, format?.sizeDecimals)}</TableCell>
                    <TableCell>
                      <OrderStatusBadge order={order} />
                    </TableCell>
                    <TableCell>
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={action.pending || order.orderId === null}
                        onClick={() => order.orderId && action.run(() => cancelOrderAction({ venue: order.venue, orderId: order.orderId! }))}
                      >
                        Cancel
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </>
      )}
      <FormAlert message={action.error} />
      {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
    </div>
  );
}
