"use client";

import { Fragment, useState, useTransition } from "react";
import { BanIcon, CoinsIcon, GaugeIcon, MonitorCheckIcon } from "lucide-react";
import { detachSearchKeyAction } from "@/app/search/actions";
import { When } from "@/components/ui/when";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { COLUMN, RowDetail, RowDetailToggle, Table, TableActionsHead, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { ConsoleKey } from "./console-types";
import { formatCredits } from "./console-view";
import { useSearchDialogs } from "./search-dialogs";

function ConsoleCell({ k }: { k: ConsoleKey }) {
  const { open } = useSearchDialogs();
  const [pending, startTransition] = useTransition();
  if (k.status !== "active") return <span className="text-muted-foreground">—</span>;
  if (!k.inConsole) {
    return (
      <Button variant="ghost" size="sm" onClick={() => open({ type: "attach" })}>
        Paste to use here
      </Button>
    );
  }
  return (
    <span className="flex items-center gap-2">
      <Badge variant="success">
        <MonitorCheckIcon className="size-3" aria-hidden="true" />
        in this console
      </Badge>
      <Button variant="ghost" size="sm" disabled={pending} onClick={() => startTransition(async () => void (await detachSearchKeyAction({ id: k.id })))}>
        Forget
      </Button>
    </span>
  );
}

/**
 * The owner's search keys with plan and balance; administrators also set plans and add credits here.
 * In a narrow frame plan, status, last use and console move to a row detail; the actions stay.
 */
export function SearchKeysTable({ keys, isAdmin, now }: { keys: readonly ConsoleKey[]; isAdmin: boolean; now: number }) {
  const { open } = useSearchDialogs();
  const [detailOf, setDetailOf] = useState<string | null>(null);
  const ordered = [...keys].sort((a, b) => Number(a.status !== "active") - Number(b.status !== "active"));
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent [&>th]:whitespace-nowrap">
          <TableHead>Key</TableHead>
          <TableHead className={COLUMN.secondary}>Plan</TableHead>
          <TableHead className="text-right">Credits</TableHead>
          <TableHead className={COLUMN.secondary}>Status</TableHead>
          <TableHead className={COLUMN.detail}>Last used</TableHead>
          <TableHead className={COLUMN.detail}>Console</TableHead>
          <TableActionsHead />
        </TableRow>
      </TableHeader>
      <TableBody>
        {ordered.map((k) => {
          const ref = { id: k.id, name: k.name, plan: k.plan, credits: k.credits };
          const plan = <Badge variant="info">{k.plan}</Badge>;
          const status = <Badge variant={k.status === "active" ? "success" : "destructive"}>{k.status}</Badge>;
          const lastUsed = k.last_used_at ? <When iso={k.last_used_at} now={now} /> : <span className="text-muted-foreground">never</span>;
          return (
            <Fragment key={k.id}>
              <TableRow className={cn(k.status !== "active" && "text-muted-foreground [&>td]:opacity-70")}>
                <TableCell>
                  <span className="block break-words font-medium">{k.name}</span>
                  <code className="break-all font-mono text-xs text-muted-foreground">{k.fragment}</code>
                </TableCell>
                <TableCell className={COLUMN.secondary}>{plan}</TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums">{formatCredits(k.credits)}</TableCell>
                <TableCell className={COLUMN.secondary}>{status}</TableCell>
                <TableCell className={COLUMN.detail}>{lastUsed}</TableCell>
                <TableCell className={COLUMN.detail}>
                  <ConsoleCell k={k} />
                </TableCell>
                <TableCell>
                  <div className="flex flex-wrap items-center justify-end gap-1.5">
                    <RowDetailToggle open={detailOf === k.id} onToggle={() => setDetailOf(detailOf === k.id ? null : k.id)} label={k.name} />
                    {isAdmin ? (
                      <>
                        <Button variant="outline" size="sm" aria-haspopup="dialog" onClick={() => open({ type: "plan", key: ref })}>
                          <GaugeIcon aria-hidden="true" />
                          Plan
                        </Button>
                        <Button variant="outline" size="sm" aria-haspopup="dialog" onClick={() => open({ type: "credits", key: ref })}>
                          <CoinsIcon aria-hidden="true" />
                          Add credits
                        </Button>
                      </>
                    ) : null}
                    {k.status === "active" ? (
                      <Button
                        variant="outline"
                        size="sm"
                        aria-haspopup="dialog"
                        className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                        onClick={() => open({ type: "revoke", key: ref })}
                      >
                        <BanIcon aria-hidden="true" />
                        Revoke
                      </Button>
                    ) : null}
                  </div>
                </TableCell>
              </TableRow>
              <RowDetail
                open={detailOf === k.id}
                items={[
                  ["Plan", plan],
                  ["Status", status],
                  ["Last used", lastUsed],
                  ["Console", <ConsoleCell key="console" k={k} />],
                ]}
              />
            </Fragment>
          );
        })}
      </TableBody>
    </Table>
  );
}
