"use client";

// Collateral and margin on each venue, in US dollars.

import { useQuery } from "@tanstack/react-query";
import { WalletIcon } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { FormAlert } from "@/components/ui/form-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/components/ui/cn";
import { balancesQuery } from "./queries";
import { useDeskStreaming } from "./desk-live";
import { formatUsd, pnlTone } from "./trade-words";

const num = "text-right font-mono tabular-nums";

export function BalancesTable() {
  const balances = useQuery(balancesQuery(useDeskStreaming()));
  if (balances.isPending) return <Skeleton className="h-24 w-full" aria-label="Loading balances" />;
  if (balances.isError) return <FormAlert message={`Balances could not be read: ${balances.error.message}`} />;
  if (balances.data.length === 0)
    return <EmptyState icon={WalletIcon} title="No balances" description="No venue holds collateral for you yet." className="py-8" />;
  return (
    <Table aria-label="Balances">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Venue</TableHead>
          <TableHead className="text-right">Equity</TableHead>
          <TableHead className="text-right">Available</TableHead>
          <TableHead className="text-right">Collateral</TableHead>
          <TableHead className="text-right">Unrealized PnL</TableHead>
          <TableHead className="text-right">Position margin</TableHead>
          <TableHead className="text-right">Order margin</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {balances.data.map((b) => (
          <TableRow key={b.venue} data-testid="balance" data-venue={b.venue}>
            <TableCell>
              {b.venue} <span className="text-xs text-muted-foreground">{b.asset}</span>
            </TableCell>
            <TableCell className={num}>{formatUsd(b.equity)}</TableCell>
            <TableCell className={num}>{formatUsd(b.available)}</TableCell>
            <TableCell className={num}>{formatUsd(b.collateral)}</TableCell>
            <TableCell className={cn(num, pnlTone(b.unrealizedPnl))}>{formatUsd(b.unrealizedPnl, { signed: true })}</TableCell>
            <TableCell className={num}>{formatUsd(b.initialMargin)}</TableCell>
            <TableCell className={num}>{formatUsd(b.orderMargin)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
