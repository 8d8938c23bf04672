"use client";

import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { COLUMN, RowDetail, RowDetailToggle, Table, TableActionsHead, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { AgentKeyView, KillSwitchView } from "@/lib/client/trading";
import { canRevoke, canRoll, KIND_LABELS, keyStatusView, orderKeys, stoppedBy } from "@/lib/dashboard/keys-actions-view";
import type { KeyActivityView } from "@/lib/trading/contract/key-activity";
import { KeyRowButtons } from "./key-buttons";
import { When } from "@/components/ui/when";

const SHOWN_IPS = 3;

function IpAllowlist({ entries }: { entries: string[] | null }) {
  if (!entries) return <span className="text-muted-foreground">any address</span>;
  const rest = entries.length - SHOWN_IPS;
  return (
    <ul className="flex flex-col font-mono text-xs" title={rest > 0 ? entries.join("\n") : undefined}>
      {entries.slice(0, SHOWN_IPS).map((entry) => (
        <li key={entry}>{entry}</li>
      ))}
      {rest > 0 ? <li className="font-sans text-muted-foreground">and {rest} more</li> : null}
    </ul>
  );
}

function KeyRow({ agentKey: k, now, stopped, activity }: { agentKey: AgentKeyView; now: number; stopped: boolean; activity: KeyActivityView | undefined }) {
  const [open, setOpen] = useState(false);
  const status = keyStatusView(k, now, stopped);
  const never = <span className="text-muted-foreground">never</span>;
  const statusBadge = (
    <>
      <Badge variant={status.tone}>{status.label}</Badge>
      {status.at ? (
        <div className="mt-1 text-xs text-muted-foreground">
          <When iso={status.at} now={now} />
        </div>
      ) : null}
    </>
  );
  const scopes = (
    <div className="flex flex-wrap gap-1">
      {k.scopes.map((scope) => (
        <Badge key={scope} variant="secondary" className="font-mono">
          {scope}
        </Badge>
      ))}
    </div>
  );
  const created = <When iso={k.createdAt} now={now} />;
  const lastUsed = k.lastUsedAt ? <When iso={k.lastUsedAt} now={now} /> : never;
  const expires = k.expiresAt ? <When iso={k.expiresAt} now={now} /> : never;
  const requests = (
    <span data-testid="key-requests" className="tabular-nums">
      {(activity?.requests ?? 0).toLocaleString("en-US")}
    </span>
  );
  const orders = (
    <span data-testid="key-orders" className="tabular-nums">
      {activity === undefined || activity.lastOrderAt === null ? (
        <span className="text-muted-foreground">none</span>
      ) : (
        <>
          {activity.orders.toLocaleString("en-US")} · <When iso={activity.lastOrderAt} now={now} />
        </>
      )}
    </span>
  );
  return (
    <>
      <TableRow className={cn(status.inactive && "text-muted-foreground [&>td]:opacity-70")} data-testid="agent-key" data-status={status.label}>
        <TableCell>
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="break-words font-medium">{k.name}</span>
            <Badge variant={k.kind === "desk" ? "info" : "outline"}>{KIND_LABELS[k.kind]}</Badge>
          </div>
          <code className="break-all font-mono text-xs text-muted-foreground">{k.fragment}</code>
          <div className="mt-1 @xl:hidden">{statusBadge}</div>
        </TableCell>
        <TableCell className={COLUMN.detail}>{scopes}</TableCell>
        <TableCell className={COLUMN.secondary}>{statusBadge}</TableCell>
        <TableCell className={COLUMN.wide}>{created}</TableCell>
        <TableCell className={COLUMN.secondary}>{lastUsed}</TableCell>
        <TableCell className={cn(COLUMN.detail, "text-right")}>{requests}</TableCell>
        <TableCell className={cn(COLUMN.detail, "whitespace-nowrap")}>{orders}</TableCell>
        <TableCell className={COLUMN.detail}>{expires}</TableCell>
        <TableCell className={COLUMN.wide}>
          <IpAllowlist entries={k.ipAllowlist} />
        </TableCell>
        <TableCell>
          <div className="flex flex-wrap items-center justify-end gap-1.5">
            <KeyRowButtons
              keyRef={{ id: k.id, name: k.name, kind: k.kind }}
              swap={
                k.scopes.includes("swap")
                  ? { id: k.id, name: k.name, kind: k.kind, swapRecipients: k.swapRecipients, swapDailyLimitUsd: k.swapDailyLimitUsd }
                  : null
              }
              rollable={canRoll(k)}
              revocable={canRevoke(k)}
            />
            <RowDetailToggle open={open} onToggle={() => setOpen(!open)} label={`key ${k.name}`} until="wide" />
          </div>
        </TableCell>
      </TableRow>
      <RowDetail
        open={open}
        until="wide"
        items={[
          ["Scopes", scopes],
          ["Created", created],
          ["Last used", lastUsed],
          ["Requests", requests],
          ["Orders", orders],
          ["Expires", expires],
          ["IP allowlist", <IpAllowlist key="ips" entries={k.ipAllowlist} />],
        ]}
      />
    </>
  );
}

/** The owner's keys, working ones first; revoked and expired ones muted below them; those the kill switch covers marked stopped. */
export function KeysTable({
  keys,
  now,
  killSwitch,
  activity,
}: {
  keys: readonly AgentKeyView[];
  now: number;
  killSwitch: KillSwitchView;
  /** Requests made and orders placed per key. */
  activity: readonly KeyActivityView[];
}) {
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent [&>th]:whitespace-nowrap">
          <TableHead>Key</TableHead>
          <TableHead className={COLUMN.detail}>Scopes</TableHead>
          <TableHead className={COLUMN.secondary}>Status</TableHead>
          <TableHead className={COLUMN.wide}>Created</TableHead>
          <TableHead className={COLUMN.secondary}>Last used</TableHead>
          <TableHead className={cn(COLUMN.detail, "text-right")}>Requests</TableHead>
          <TableHead className={COLUMN.detail}>Orders · last</TableHead>
          <TableHead className={COLUMN.detail}>Expires</TableHead>
          <TableHead className={COLUMN.wide}>IP allowlist</TableHead>
          <TableActionsHead />
        </TableRow>
      </TableHeader>
      <TableBody>
        {orderKeys(keys).map((k) => (
          <KeyRow key={k.id} agentKey={k} now={now} stopped={stoppedBy(killSwitch, k.id)} activity={activity.find((a) => a.keyId === k.id)} />
        ))}
      </TableBody>
    </Table>
  );
}
