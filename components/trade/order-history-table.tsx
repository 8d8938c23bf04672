"use client";

// The owner's order history and fills: every venue's part of every order placed through the API
// (GET /agent/orders?status=all), newest first. Fills are the parts that filled, in whole or in part,
// at their average price; the API keeps no per-execution record.

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { HistoryIcon, ReceiptIcon } from "lucide-react";
import type { OrderView } from "@/lib/trading/contract/orders";
import { EmptyState } from "@/components/ui/empty-state";
import { COLUMN, RowDetail, RowDetailToggle, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/components/ui/cn";
import { signOf } from "@/components/market/format";
import { LOCALE } from "@/lib/format/locale";
import { useDeskStreaming } from "./desk-live";
import { type MarketFormat, useMarkets } from "./market-formats";
import { orderHistoryQuery } from "./queries";
import { OrderStatusBadge } from "./status-badge";
import { formatAmount, formatUsd, reasonWords, sideWords, typeWords } from "./trade-words";
import { keyWords, useKeyMatch } from "./key-filter";
import { UnreadState } from "./unread-state";

const num = "text-right font-mono tabular-nums";
const when = new Intl.DateTimeFormat(LOCALE, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });

function MarketCell({ order }: { order: OrderView }) {
  return (
    <TableCell className="whitespace-nowrap">
      {order.symbol} <span className={cn("text-xs", order.side === "BUY" ? "text-success" : "text-destructive")}>{sideWords(order.side)}</span>
    </TableCell>
  );
}

function KeyCell({ order }: { order: OrderView }) {
  return (
    <TableCell className={cn(COLUMN.secondary, "max-w-32 truncate")} data-testid="order-key">
      {keyWords(order)}
    </TableCell>
  );
}

function DetailsHead() {
  return (
    <TableHead className="w-0 @4xl:hidden">
      <span className="sr-only">Details</span>
    </TableHead>
  );
}

function useHistory() {
  return useQuery(orderHistoryQuery(useDeskStreaming()));
}

function FillRow({ fill, format }: { fill: OrderView; format: MarketFormat | undefined }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <TableRow data-testid="fill" data-symbol={fill.symbol} data-venue={fill.venue}>
        <TableCell className={cn("whitespace-nowrap text-muted-foreground", COLUMN.secondary)}>{when.format(new Date(fill.updatedAt))}</TableCell>
        <MarketCell order={fill} />
        <TableCell className={COLUMN.secondary}>{fill.venue}</TableCell>
        <KeyCell order={fill} />
        <TableCell className={num}>{formatAmount(fill.filledQuantity, format?.sizeDecimals)}</TableCell>
        <TableCell className={num}>{formatAmount(fill.averagePrice, format === undefined ? undefined : format.priceDecimals + 2)}</TableCell>
        <TableCell className={cn(num, COLUMN.detail)}>{formatUsd(fill.fees)}</TableCell>
        <TableCell className={cn(COLUMN.detail, "text-xs text-muted-foreground")}>{fill.reduceOnly ? "Close" : typeWords(fill.type)}</TableCell>
        <TableCell className="w-0 @4xl:hidden">
          <RowDetailToggle open={open} onToggle={() => setOpen(!open)} label={`fill of ${fill.symbol} on ${fill.venue}`} />
        </TableCell>
      </TableRow>
      <RowDetail
        open={open}
        items={[
          ["Time", when.format(new Date(fill.updatedAt))],
          ["Venue", fill.venue],
          ["Key", keyWords(fill)],
          ["Fees", formatUsd(fill.fees)],
          ["Order", fill.reduceOnly ? "Close" : typeWords(fill.type)],
        ]}
      />
    </>
  );
}

export function FillsTable() {
  const history = useHistory();
  const matches = useKeyMatch();
  const { formatOf } = useMarkets();
  if (!history.isSuccess) return <UnreadState query={history} what="fills" />;
  const fills = history.data.filter((o) => signOf(o.filledQuantity) > 0 && matches([o.keyId]));
  if (fills.length === 0)
    return <EmptyState icon={ReceiptIcon} title="No fills yet" description="What your orders fill shows here, venue by venue." className="py-6" />;
  return (
    <Table aria-label="Fills">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className={COLUMN.secondary}>Time</TableHead>
          <TableHead>Market</TableHead>
          <TableHead className={COLUMN.secondary}>Venue</TableHead>
          <TableHead className={COLUMN.secondary}>Key</TableHead>
          <TableHead className="text-right">Filled</TableHead>
          <TableHead className="text-right">Avg price</TableHead>
          <TableHead className={cn("text-right", COLUMN.detail)}>Fees</TableHead>
          <TableHead className={COLUMN.detail}>Order</TableHead>
          <DetailsHead />
        </TableRow>
      </TableHeader>
      <TableBody>
        {fills.map((fill) => (
          <FillRow key={fill.clientOrderId ?? `${fill.venue}:${fill.orderId}`} fill={fill} format={formatOf(fill.symbol)} />
        ))}
      </TableBody>
    </Table>
  );
}

function HistoryRow({ order, format }: { order: OrderView; format: MarketFormat | undefined }) {
  const [open, setOpen] = useState(false);
  // The venue's own words when it refused the order.
  const reason = order.rejectReason ?? reasonWords(order.reason);
  return (
    <>
      <TableRow data-testid="history-order" data-status={order.status} data-venue={order.venue}>
        <TableCell className={cn("whitespace-nowrap text-muted-foreground", COLUMN.secondary)}>{when.format(new Date(order.createdAt))}</TableCell>
        <MarketCell order={order} />
        <TableCell className={COLUMN.detail}>{order.venue}</TableCell>
        <KeyCell order={order} />
        <TableCell className={COLUMN.secondary}>
          {typeWords(order.type)}
          {order.reduceOnly ? <span className="ml-1 text-xs text-muted-foreground">reduce-only</span> : null}
        </TableCell>
        <TableCell className={num}>
          {formatAmount(order.filledQuantity, format?.sizeDecimals)} / {formatAmount(order.quantity, format?.sizeDecimals)}
        </TableCell>
        <TableCell className={cn(num, COLUMN.detail)}>{formatAmount(order.price ?? order.triggerPrice, format?.priceDecimals)}</TableCell>
        <TableCell>
          <OrderStatusBadge order={order} />
        </TableCell>
        <TableCell className={cn(COLUMN.detail, "max-w-64 text-xs text-muted-foreground")}>{reason ?? ""}</TableCell>
        <TableCell className="w-0 @4xl:hidden">
          <RowDetailToggle open={open} onToggle={() => setOpen(!open)} label={`${order.symbol} order on ${order.venue}`} />
        </TableCell>
      </TableRow>
      <RowDetail
        open={open}
        items={[
          ["Time", when.format(new Date(order.createdAt))],
          ["Venue", order.venue],
          ["Key", keyWords(order)],
          ["Type", typeWords(order.type)],
          ["Price", formatAmount(order.price ?? order.triggerPrice, format?.priceDecimals)],
          ["Why", reason ?? "—"],
        ]}
      />
    </>
  );
}

export function OrderHistoryTable() {
  const history = useHistory();
  const { formatOf } = useMarkets();
  const matches = useKeyMatch();
  if (!history.isSuccess) return <UnreadState query={history} what="order history" />;
  const orders = history.data.filter((o) => matches([o.keyId]));
  if (orders.length === 0)
    return <EmptyState icon={HistoryIcon} title="No orders yet" description="Every order placed through the API, and what became of it." className="py-6" />;
  return (
    <Table aria-label="Order history">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className={COLUMN.secondary}>Time</TableHead>
          <TableHead>Market</TableHead>
          <TableHead className={COLUMN.detail}>Venue</TableHead>
          <TableHead className={COLUMN.secondary}>Key</TableHead>
          <TableHead className={COLUMN.secondary}>Type</TableHead>
          <TableHead className="text-right">Filled / size</TableHead>
          <TableHead className={cn("text-right", COLUMN.detail)}>Price</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className={COLUMN.detail}>Why</TableHead>
          <DetailsHead />
        </TableRow>
      </TableHeader>
      <TableBody>
        {orders.map((order) => (
          <HistoryRow key={order.clientOrderId ?? `${order.venue}:${order.orderId}`} order={order} format={formatOf(order.symbol)} />
        ))}
      </TableBody>
    </Table>
  );
}
