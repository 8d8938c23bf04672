"use client";

// Funding on each open position leg: the market's current rate and the net funding the leg has received
// or paid since it opened. The API keeps no record of single payments, so closed positions drop out.

import { useQuery } from "@tanstack/react-query";
import { PercentIcon } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { COLUMN, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/components/ui/cn";
import { formatFunding } from "@/components/market/format";
import { useDeskStreaming } from "./desk-live";
import { useMarkets } from "./market-formats";
import { positionsQuery } from "./queries";
import { formatAmount, formatUsd, pnlTone, sideWords } from "./trade-words";
import { UnreadState } from "./unread-state";

const num = "text-right font-mono tabular-nums";

export function FundingTable() {
  const positions = useQuery(positionsQuery(useDeskStreaming()));
  const { pairs, formatOf } = useMarkets();
  if (!positions.isSuccess) return <UnreadState query={positions} what="funding" />;
  if (positions.data.length === 0)
    return <EmptyState icon={PercentIcon} title="No funding" description="Open positions receive or pay funding every hour; it shows here." className="py-6" />;
  return (
    <Table aria-label="Funding">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Market</TableHead>
          <TableHead>Venue</TableHead>
          <TableHead className={cn("text-right", COLUMN.secondary)}>Size</TableHead>
          <TableHead className={cn("text-right", COLUMN.secondary)}>Rate (1h)</TableHead>
          <TableHead className="text-right">Net funding</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {positions.data.map((leg) => {
          const rate = pairs.find((p) => p.symbol === leg.symbol)?.venues.find((v) => v.venue === leg.venue)?.fundingRate ?? null;
          return (
            <TableRow key={`${leg.symbol}:${leg.venue}:${leg.side}`} data-testid="funding" data-symbol={leg.symbol}>
              <TableCell className="whitespace-nowrap">
                {leg.symbol} <span className={cn("text-xs", leg.side === "LONG" ? "text-success" : "text-destructive")}>{sideWords(leg.side)}</span>
              </TableCell>
              <TableCell>{leg.venue}</TableCell>
              <TableCell className={cn(num, COLUMN.secondary)}>{formatAmount(leg.size, formatOf(leg.symbol)?.sizeDecimals)}</TableCell>
              <TableCell className={cn(num, COLUMN.secondary)}>{rate === null ? "—" : formatFunding(rate)}</TableCell>
              <TableCell className={cn(num, pnlTone(leg.funding))}>{formatUsd(leg.funding, { signed: true })}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
