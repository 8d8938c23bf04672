"use client";

// Collateral and margin on each venue, in US dollars.

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { WalletIcon } from "lucide-react";
import type { BalanceView } from "@/lib/trading/contract/positions";
import { EmptyState } from "@/components/ui/empty-state";
import { COLUMN, RowDetail, RowDetailToggle, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/components/ui/cn";
import { balancesQuery } from "./queries";
import { useDeskStreaming } from "./desk-live";
import { formatUsd, pnlTone } from "./trade-words";
import { UnreadState } from "./unread-state";

const num = "text-right font-mono tabular-nums";

function BalanceRow({ balance: b }: { balance: BalanceView }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <TableRow data-testid="balance" data-venue={b.venue}>
        <TableCell>
          {b.venue} <span className="text-xs text-muted-foreground">{b.asset}</span>
        </TableCell>
        <TableCell className={num}>{formatUsd(b.equity)}</TableCell>
        <TableCell className={num}>{formatUsd(b.available)}</TableCell>
        <TableCell className={cn(num, COLUMN.secondary)}>{formatUsd(b.collateral)}</TableCell>
        <TableCell className={cn(num, COLUMN.secondary, pnlTone(b.unrealizedPnl))}>{formatUsd(b.unrealizedPnl, { signed: true })}</TableCell>
        <TableCell className={cn(num, COLUMN.detail)}>{formatUsd(b.initialMargin)}</TableCell>
        <TableCell className={cn(num, COLUMN.detail)}>{formatUsd(b.orderMargin)}</TableCell>
        <TableCell className="w-0 @4xl:hidden">
          <RowDetailToggle open={open} onToggle={() => setOpen(!open)} label={`${b.venue} balance`} />
        </TableCell>
      </TableRow>
      <RowDetail
        open={open}
        items={[
          ["Collateral", formatUsd(b.collateral)],
          ["Unrealized PnL", formatUsd(b.unrealizedPnl, { signed: true })],
          ["Position margin", formatUsd(b.initialMargin)],
          ["Order margin", formatUsd(b.orderMargin)],
        ]}
      />
    </>
  );
}

export function BalancesTable() {
  const balances = useQuery(balancesQuery(useDeskStreaming()));
  if (!balances.isSuccess) return <UnreadState query={balances} what="balances" />;
  if (balances.data.length === 0)
    return <EmptyState icon={WalletIcon} title="No balances" description="No venue holds collateral for you yet." className="py-6" />;
  return (
    <Table aria-label="Balances">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Venue</TableHead>
          <TableHead className="text-right">Equity</TableHead>
          <TableHead className="text-right">Available</TableHead>
          <TableHead className={cn("text-right", COLUMN.secondary)}>Collateral</TableHead>
          <TableHead className={cn("text-right", COLUMN.secondary)}>Unrealized PnL</TableHead>
          <TableHead className={cn("text-right", COLUMN.detail)}>Position margin</TableHead>
          <TableHead className={cn("text-right", COLUMN.detail)}>Order margin</TableHead>
          <TableHead className="w-0 @4xl:hidden">
            <span className="sr-only">Details</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {balances.data.map((b) => (
          <BalanceRow key={b.venue} balance={b} />
        ))}
      </TableBody>
    </Table>
  );
}
