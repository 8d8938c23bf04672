import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { Table, TableActionsHead, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { AgentKeyView } from "@/lib/client/trading";
import { canRevoke, canRoll, KIND_LABELS, keyStatusView, orderKeys } from "@/lib/dashboard/keys-actions-view";
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

function KeyRow({ agentKey: k, now }: { agentKey: AgentKeyView; now: number }) {
  const status = keyStatusView(k, now);
  const never = <span className="text-muted-foreground">never</span>;
  return (
    <TableRow className={cn(status.inactive && "text-muted-foreground [&>td]:opacity-70")}>
      <TableCell>
        <div className="flex items-center gap-2">
          <span className="break-words font-medium">{k.name}</span>
          <Badge variant={k.kind === "desk" ? "info" : "outline"}>{KIND_LABELS[k.kind]}</Badge>
        </div>
        <code className="whitespace-nowrap font-mono text-xs text-muted-foreground">{k.fragment}</code>
      </TableCell>
      <TableCell>
        <div className="flex flex-wrap gap-1">
          {k.scopes.map((scope) => (
            <Badge key={scope} variant="secondary" className="font-mono">
              {scope}
            </Badge>
          ))}
        </div>
      </TableCell>
      <TableCell>
        <Badge variant={status.tone}>{status.label}</Badge>
        {status.at ? (
          <div className="mt-1 text-xs text-muted-foreground">
            <When iso={status.at} now={now} />
          </div>
        ) : null}
      </TableCell>
      <TableCell>
        <When iso={k.createdAt} now={now} />
      </TableCell>
      <TableCell>{k.lastUsedAt ? <When iso={k.lastUsedAt} now={now} /> : never}</TableCell>
      <TableCell>{k.expiresAt ? <When iso={k.expiresAt} now={now} /> : never}</TableCell>
      <TableCell>
        <IpAllowlist entries={k.ipAllowlist} />
      </TableCell>
      <TableCell>
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
      </TableCell>
    </TableRow>
  );
}

/** The owner's keys, working ones first; revoked and expired ones muted below them. */
export function KeysTable({ keys, now }: { keys: readonly AgentKeyView[]; now: number }) {
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent [&>th]:whitespace-nowrap">
          <TableHead>Key</TableHead>
          <TableHead>Scopes</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Created</TableHead>
          <TableHead>Last used</TableHead>
          <TableHead>Expires</TableHead>
          <TableHead>IP allowlist</TableHead>
          <TableActionsHead />
        </TableRow>
      </TableHeader>
      <TableBody>
        {orderKeys(keys).map((k) => (
          <KeyRow key={k.id} agentKey={k} now={now} />
        ))}
      </TableBody>
    </Table>
  );
}
