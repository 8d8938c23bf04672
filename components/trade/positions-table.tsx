"use client";

// Open positions, one row per market and side with its legs (the position on each venue) under it:
// size, entry, mark, liquidation price, unrealized PnL, margin and leverage; close whole or in part.

import { Fragment, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { LayersIcon } from "lucide-react";
import type { ParentOrderView } from "@/lib/trading/contract/orders";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FormAlert } from "@/components/ui/form-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableActionsHead, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/components/ui/cn";
import { ClosePositionDialog, type CloseTarget } from "./close-position-dialog";
import { useMarkets } from "./market-formats";
import { OrderResult } from "./order-result";
import { groupPositions } from "./positions-view";
import { positionsQuery } from "./queries";
import { useDeskStreaming } from "./desk-live";
import { formatAmount, formatUsd, pnlTone, sideWords } from "./trade-words";

const num = "text-right font-mono tabular-nums";

export function PositionsTable() {
  const positions = useQuery(positionsQuery(useDeskStreaming()));
  const { pairs, formatOf } = useMarkets();
  const [closing, setClosing] = useState<CloseTarget | null>(null);
  const [closed, setClosed] = useState<ParentOrderView | null>(null);

  if (positions.isPending) return <Skeleton className="h-24 w-full" aria-label="Loading positions" />;
  if (positions.isError) return <FormAlert message={`Positions could not be read: ${positions.error.message}`} />;
  const groups = groupPositions(positions.data);
  const target = (symbol: string, size: string, venue?: string): CloseTarget => {
    const pair = pairs.find((p) => p.symbol === symbol);
    return { symbol, venue, size, base: pair?.base ?? "", lotSize: pair?.lotSize };
  };

  return (
    <div className="flex flex-col gap-3">
      {groups.length === 0 ? (
        <EmptyState icon={LayersIcon} title="No open positions" description="Orders that fill open positions here, one line per venue." className="py-8" />
      ) : (
        <Table aria-label="Positions">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Market / venue</TableHead>
              <TableHead>Side</TableHead>
              <TableHead className="text-right">Size</TableHead>
              <TableHead className="text-right">Entry</TableHead>
              <TableHead className="text-right">Mark</TableHead>
              <TableHead className="text-right">Liq. price</TableHead>
              <TableHead className="text-right">Unrealized PnL</TableHead>
              <TableHead className="text-right">Margin</TableHead>
              <TableHead className="text-right">Leverage</TableHead>
              <TableActionsHead />
            </TableRow>
          </TableHeader>
          <TableBody>
            {groups.map((group) => {
              const format = formatOf(group.symbol);
              const price = (v: string | null) => formatAmount(v, format?.priceDecimals);
              return (
                <Fragment key={group.key}>
                  <TableRow data-testid="position" data-symbol={group.symbol} data-side={group.side} className="bg-muted/30 font-medium">
                    <TableCell className="whitespace-nowrap">{group.symbol}</TableCell>
                    <TableCell className={group.side === "LONG" ? "text-success" : "text-destructive"}>{sideWords(group.side)}</TableCell>
                    <TableCell className={num} data-testid="position-size">
                      {formatAmount(group.size, format?.sizeDecimals)}
                    </TableCell>
                    <TableCell colSpan={3} className="text-xs text-muted-foreground">
                      {group.legs.length === 1 ? "on 1 venue" : `across ${group.legs.length} venues`}
                    </TableCell>
                    <TableCell className={cn(num, pnlTone(group.unrealizedPnl))}>{formatUsd(group.unrealizedPnl, { signed: true })}</TableCell>
                    <TableCell className={num}>{formatUsd(group.margin)}</TableCell>
                    <TableCell />
                    <TableCell>
                      <Button size="sm" variant="outline" onClick={() => setClosing(target(group.symbol, group.size))}>
                        Close…
                      </Button>
                    </TableCell>
                  </TableRow>
                  {group.legs.map((leg) => (
                    <TableRow key={`${group.key}:${leg.venue}`} data-testid="position-leg" data-symbol={leg.symbol} data-venue={leg.venue}>
                      <TableCell className="pl-6 text-muted-foreground">{leg.venue}</TableCell>
                      <TableCell />
                      <TableCell className={num}>{formatAmount(leg.size, format?.sizeDecimals)}</TableCell>
                      <TableCell className={num}>{price(leg.entryPrice)}</TableCell>
                      <TableCell className={num}>{price(leg.markPrice)}</TableCell>
                      <TableCell className={num}>{price(leg.liquidationPrice)}</TableCell>
                      <TableCell className={cn(num, pnlTone(leg.unrealizedPnl))}>{formatUsd(leg.unrealizedPnl, { signed: true })}</TableCell>
                      <TableCell className={num}>{formatUsd(leg.margin)}</TableCell>
                      <TableCell className={num}>{formatAmount(leg.leverage, 1)}×</TableCell>
                      <TableCell>
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => setClosing(target(leg.symbol, leg.size, leg.venue))}
                          aria-label={`Close ${leg.symbol} on ${leg.venue}`}
                        >
                          Close…
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      )}
      {closed ? <OrderResult order={closed} format={formatOf(closed.symbol)} title={`Close ${closed.symbol}`} /> : null}
      {closing ? (
        <ClosePositionDialog
          target={closing}
          onCancel={() => setClosing(null)}
          onClosed={(order) => {
            setClosing(null);
            setClosed(order);
          }}
        />
      ) : null}
    </div>
  );
}
