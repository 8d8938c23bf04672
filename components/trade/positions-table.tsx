"use client";

// Open positions, one row per market and side with its legs (the position on each venue) under it:
// size, entry, mark, liquidation price, unrealized PnL, margin, leverage and funding; close whole or in
// part. In a narrow frame the less needed columns move to a row's details; Close always shows.

import { Fragment, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { LayersIcon } from "lucide-react";
import type { ParentOrderView } from "@/lib/trading/contract/orders";
import type { PositionView } from "@/lib/trading/contract/positions";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { COLUMN, RowDetail, RowDetailToggle, Table, TableActionsHead, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/components/ui/cn";
import { ClosePositionDialog, type CloseTarget } from "./close-position-dialog";
import { PositionExitsDialog } from "./position-exits-dialog";
import type { ExitsTarget } from "./position-exits";
import { keyWords, useKeyMatch } from "./key-filter";
import { type MarketFormat, useMarkets } from "./market-formats";
import { OrderResult } from "./order-result";
import { groupPositions, type PositionGroup } from "./positions-view";
import { positionsQuery } from "./queries";
import { useDeskStreaming } from "./desk-live";
import { toast } from "@/components/ui/toaster";
import { formatAmount, formatUsd, orderNotice, pnlTone, sideWords } from "./trade-words";
import { UnreadState } from "./unread-state";

const num = "text-right font-mono tabular-nums";

/** A leg's take-profit and stop-loss: "68,000 / 61,000", "— / 61,000". */
const exitsWords = (leg: PositionView, price: (v: string | null) => string) =>
  leg.takeProfit === null && leg.stopLoss === null ? "—" : `${price(leg.takeProfit)} / ${price(leg.stopLoss)}`;

const openedByWords = (leg: PositionView) => (leg.openedBy.length === 0 ? "—" : leg.openedBy.map((k) => keyWords(k)).join(", "));

function LegRow({ leg, format, onClose, onExits }: { leg: PositionView; format: MarketFormat | undefined; onClose(): void; onExits(): void }) {
  const [open, setOpen] = useState(false);
  const price = (v: string | null) => formatAmount(v, format?.priceDecimals);
  return (
    <>
      <TableRow data-testid="position-leg" data-symbol={leg.symbol} data-venue={leg.venue}>
        <TableCell className="pl-4 text-muted-foreground @xl:pl-6">{leg.venue}</TableCell>
        <TableCell className={num}>{formatAmount(leg.size, format?.sizeDecimals)}</TableCell>
        <TableCell className={cn(num, COLUMN.detail)}>{price(leg.entryPrice)}</TableCell>
        <TableCell className={cn(num, COLUMN.secondary)}>{price(leg.markPrice)}</TableCell>
        <TableCell className={cn(num, COLUMN.secondary)}>{price(leg.liquidationPrice)}</TableCell>
        <TableCell className={cn(num, pnlTone(leg.unrealizedPnl))}>{formatUsd(leg.unrealizedPnl, { signed: true })}</TableCell>
        <TableCell className={cn(num, COLUMN.detail)}>{formatUsd(leg.margin)}</TableCell>
        <TableCell className={cn(num, COLUMN.detail)}>{formatAmount(leg.leverage, 1)}×</TableCell>
        <TableCell className={cn(num, COLUMN.detail, pnlTone(leg.funding))}>{formatUsd(leg.funding, { signed: true })}</TableCell>
        <TableCell className={cn(num, COLUMN.detail)} data-testid="position-exits">
          {exitsWords(leg, price)}
        </TableCell>
        <TableCell className={cn(COLUMN.wide, "max-w-32 truncate")} data-testid="position-keys">
          {openedByWords(leg)}
        </TableCell>
        <TableCell className="text-right">
          <div className="flex flex-col items-end @xl:flex-row @xl:items-center @xl:justify-end">
            <Button size="sm" variant="ghost" onClick={onExits} aria-label={`Take-profit and stop-loss of ${leg.symbol} on ${leg.venue}`}>
              TP/SL…
            </Button>
            <Button size="sm" variant="ghost" onClick={onClose} aria-label={`Close ${leg.symbol} on ${leg.venue}`}>
              Close…
            </Button>
            <RowDetailToggle open={open} onToggle={() => setOpen(!open)} label={`${leg.symbol} on ${leg.venue}`} until="wide" />
          </div>
        </TableCell>
      </TableRow>
      <RowDetail
        open={open}
        until="wide"
        items={[
          ["Entry", price(leg.entryPrice)],
          ["Mark", price(leg.markPrice)],
          ["Liq. price", price(leg.liquidationPrice)],
          ["Margin", formatUsd(leg.margin)],
          ["Leverage", `${formatAmount(leg.leverage, 1)}×`],
          ["Funding", formatUsd(leg.funding, { signed: true })],
          ["TP / SL", exitsWords(leg, price)],
          ["Opened by", openedByWords(leg)],
        ]}
      />
    </>
  );
}

function GroupRow({ group, format, onClose }: { group: PositionGroup; format: MarketFormat | undefined; onClose(): void }) {
  return (
    <TableRow data-testid="position" data-symbol={group.symbol} data-side={group.side} className="bg-muted/30 font-medium">
      <TableCell className="whitespace-nowrap">
        {group.symbol} <span className={cn("text-xs", group.side === "LONG" ? "text-success" : "text-destructive")}>{sideWords(group.side)}</span>
      </TableCell>
      <TableCell className={num} data-testid="position-size">
        {formatAmount(group.size, format?.sizeDecimals)}
      </TableCell>
      <TableCell className={cn("text-xs font-normal text-muted-foreground", COLUMN.detail)}>
        {group.legs.length === 1 ? "on 1 venue" : `across ${group.legs.length} venues`}
      </TableCell>
      <TableCell className={COLUMN.secondary} />
      <TableCell className={COLUMN.secondary} />
      <TableCell className={cn(num, pnlTone(group.unrealizedPnl))}>{formatUsd(group.unrealizedPnl, { signed: true })}</TableCell>
      <TableCell className={cn(num, COLUMN.detail)}>{formatUsd(group.margin)}</TableCell>
      <TableCell className={COLUMN.detail} />
      <TableCell className={COLUMN.detail} />
      <TableCell className={COLUMN.detail} />
      <TableCell className={COLUMN.wide} />
      <TableCell className="text-right">
        <Button size="sm" variant="outline" onClick={onClose}>
          Close…
        </Button>
      </TableCell>
    </TableRow>
  );
}

export function PositionsTable({ symbol }: { symbol?: string } = {}) {
  const positions = useQuery(positionsQuery(useDeskStreaming()));
  const { pairs, formatOf } = useMarkets();
  const [closing, setClosing] = useState<CloseTarget | null>(null);
  const [closed, setClosed] = useState<ParentOrderView | null>(null);
  const [protecting, setProtecting] = useState<ExitsTarget | null>(null);
  const matches = useKeyMatch();

  if (!positions.isSuccess) return <UnreadState query={positions} what="positions" />;
  const groups = groupPositions(positions.data.filter((p) => (symbol === undefined || p.symbol === symbol) && matches(p.openedBy.map((k) => k.keyId))));
  const exitsTarget = (leg: PositionView): ExitsTarget => {
    const pair = pairs.find((p) => p.symbol === leg.symbol);
    const tickSize = pair?.venues.find((v) => v.venue === leg.venue)?.tickSize ?? pair?.tickSize ?? "0.01";
    return { symbol: leg.symbol, venue: leg.venue, side: leg.side, markPrice: leg.markPrice, tickSize, takeProfit: leg.takeProfit, stopLoss: leg.stopLoss };
  };
  const target = (symbol: string, size: string, venue?: string): CloseTarget => {
    const pair = pairs.find((p) => p.symbol === symbol);
    return { symbol, venue, size, base: pair?.base ?? "", lotSize: pair?.lotSize };
  };

  return (
    <div className="flex flex-col gap-3">
      {groups.length === 0 ? (
        <EmptyState icon={LayersIcon} title="No open positions" description="Orders that fill open positions here, one line per venue." className="py-6" />
      ) : (
        <Table aria-label="Positions">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Market / venue</TableHead>
              <TableHead className="text-right">Size</TableHead>
              <TableHead className={cn("text-right", COLUMN.detail)}>Entry</TableHead>
              <TableHead className={cn("text-right", COLUMN.secondary)}>Mark</TableHead>
              <TableHead className={cn("text-right", COLUMN.secondary)}>Liq. price</TableHead>
              <TableHead className="text-right">PnL</TableHead>
              <TableHead className={cn("text-right", COLUMN.detail)}>Margin</TableHead>
              <TableHead className={cn("text-right", COLUMN.detail)}>Leverage</TableHead>
              <TableHead className={cn("text-right", COLUMN.detail)}>Funding</TableHead>
              <TableHead className={cn("text-right", COLUMN.detail)}>TP / SL</TableHead>
              <TableHead className={COLUMN.wide}>Opened by</TableHead>
              <TableActionsHead />
            </TableRow>
          </TableHeader>
          <TableBody>
            {groups.map((group) => {
              const format = formatOf(group.symbol);
              return (
                <Fragment key={group.key}>
                  <GroupRow group={group} format={format} onClose={() => setClosing(target(group.symbol, group.size))} />
                  {group.legs.map((leg) => (
                    <LegRow
                      key={leg.venue}
                      leg={leg}
                      format={format}
                      onClose={() => setClosing(target(leg.symbol, leg.size, leg.venue))}
                      onExits={() => setProtecting(exitsTarget(leg))}
                    />
                  ))}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      )}
      {closed ? <OrderResult order={closed} format={formatOf(closed.symbol)} title={`Close ${closed.symbol}`} /> : null}
      {protecting ? (
        <PositionExitsDialog
          target={protecting}
          onCancel={() => setProtecting(null)}
          onDone={(result) => {
            setProtecting(null);
            toast({
              title: `${protecting.symbol} on ${protecting.venue}: take-profit and stop-loss saved`,
              description: `${result.orders.length} placed, ${result.cancelled} replaced.`,
              tone: "success",
            });
          }}
        />
      ) : null}
      {closing ? (
        <ClosePositionDialog
          target={closing}
          onCancel={() => setClosing(null)}
          onClosed={(order) => {
            setClosing(null);
            setClosed(order);
            toast(orderNotice(order, closing.base));
          }}
        />
      ) : null}
    </div>
  );
}
