"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { COLUMN, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { When } from "@/components/ui/when";
import type { UsageRow } from "@/lib/dashboard/search-usage";
import { usageQuery } from "./console-queries";
import { formatCredits } from "./console-view";
import { UsageChart } from "./usage-chart";

const STATE_BADGE = {
  settled: { label: "charged", variant: "info" },
  pending: { label: "in progress", variant: "secondary" },
  refunded: { label: "refunded", variant: "warning" },
  done: { label: "done", variant: "success" },
} as const;
const SHOWN = 25;

function chargeText(row: UsageRow): string {
  if (row.kind === "grant") return `+${formatCredits(-row.charged)}`;
  if (row.kind === "plan") return "—";
  return row.reserved !== null && row.reserved !== row.charged ? `${row.charged} of ${row.reserved} reserved` : formatCredits(row.charged);
}

/** A key's usage over the last fortnight: credits per day, then one row per request, grant or plan change. */
export function UsagePanel({ keyId, now }: { keyId: string; now: number }) {
  const usage = useQuery(usageQuery(keyId));
  const [shown, setShown] = useState(SHOWN);
  if (usage.isPending) return <p className="text-sm text-muted-foreground">Loading the usage…</p>;
  if (usage.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {usage.error.message}
      </p>
    );
  }
  const { days, rows, complete } = usage.data;
  return (
    <div className="flex flex-col gap-4">
      <Card className="p-4">
        <UsageChart days={days} />
        {complete ? null : <p className="mt-1 text-xs text-warning">This key has more entries than were read; the earliest days may be short.</p>}
      </Card>
      {rows.length === 0 ? (
        <EmptyState title="No usage in the last two weeks" description="Searches, scrapes, grants and plan changes of this key appear here." />
      ) : (
        <Card className="min-w-0 overflow-hidden">
          <Table aria-label="Requests, newest first">
            <TableHeader>
              <TableRow className="hover:bg-transparent [&>th]:whitespace-nowrap">
                <TableHead>When</TableHead>
                <TableHead>What</TableHead>
                <TableHead className="text-right">Credits</TableHead>
                <TableHead className={COLUMN.secondary}>Result</TableHead>
                <TableHead className={`${COLUMN.secondary} text-right`}>Balance after</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.slice(0, shown).map((row) => (
                <TableRow key={row.id}>
                  <TableCell className="text-muted-foreground">
                    <When iso={row.at} now={now} />
                  </TableCell>
                  <TableCell>
                    <span className="font-medium">{row.title}</span>
                    {row.detail ? <span className="block text-xs text-muted-foreground">{row.detail}</span> : null}
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-right tabular-nums">{chargeText(row)}</TableCell>
                  <TableCell className={COLUMN.secondary}>
                    <Badge variant={STATE_BADGE[row.state].variant}>{STATE_BADGE[row.state].label}</Badge>
                  </TableCell>
                  <TableCell className={`${COLUMN.secondary} whitespace-nowrap text-right tabular-nums`}>{formatCredits(row.balanceAfter)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {rows.length > shown ? (
            <div className="flex justify-center border-t p-2">
              <Button variant="ghost" size="sm" onClick={() => setShown((n) => n + SHOWN)}>
                Show {Math.min(SHOWN, rows.length - shown)} more
              </Button>
            </div>
          ) : null}
        </Card>
      )}
    </div>
  );
}
