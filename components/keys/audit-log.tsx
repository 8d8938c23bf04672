"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { z } from "zod";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ApiClientError } from "@/lib/client/http";
import { auditPageSchema, type AuditPage, type AuditRow } from "@/lib/dashboard/keys-actions-view";
import { venueTitle } from "@/lib/dashboard/venue-accounts-view";
import { When } from "@/components/ui/when";

const failureBody = z.object({ error: z.string(), requestId: z.string().nullable().optional() });
const ACTION_TONES: Record<AuditRow["action"], BadgeProps["variant"]> = {
  Minted: "success",
  Rolled: "warning",
  Revoked: "destructive",
  "Swap policy changed": "info",
  Linked: "success",
  Replaced: "warning",
  Unlinked: "destructive",
  "Check failed": "destructive",
  "Kill switch engaged": "destructive",
  "Kill switch released": "success",
  "Limits changed": "info",
};

/** An older page from the panel's own endpoint (app/keys/audit), which holds the owner's token. */
async function fetchAuditPage(before: number | null): Promise<AuditPage> {
  const res = await fetch(before ? `/keys/audit?before=${before}` : "/keys/audit", { cache: "no-store", headers: { accept: "application/json" } });
  const body: unknown = await res.json().catch(() => null);
  if (res.ok) return auditPageSchema.parse(body);
  const failure = failureBody.safeParse(body);
  throw new ApiClientError(
    failure.success ? failure.data.error : `The audit log answered ${res.status}.`,
    res.status,
    "AUDIT_UNAVAILABLE",
    (failure.success ? failure.data.requestId : null) ?? res.headers.get("x-request-id"),
  );
}

function AuditItem({ row, now }: { row: AuditRow; now: number }) {
  return (
    <li className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-x-4 gap-y-1 px-4 py-3 text-sm sm:grid-cols-[5.5rem_minmax(0,1fr)_9rem]">
      <Badge variant={ACTION_TONES[row.action]} className="w-full justify-center self-start">
        {row.action}
      </Badge>
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="truncate">
          <span className="font-medium">{row.venue !== null ? `${venueTitle(row.venue)} account` : (row.keyName ?? "Unknown key")}</span>
          {row.keyId || row.account ? <code className="ml-2 font-mono text-xs text-muted-foreground">{row.keyId ?? row.account}</code> : null}
        </p>
        {row.note || row.actor !== "owner" ? (
          <p className="text-xs text-muted-foreground">{[row.note, row.actor !== "owner" ? `by ${row.actor}` : null].filter(Boolean).join(" · ")}</p>
        ) : null}
      </div>
      <div className="col-start-2 text-xs text-muted-foreground sm:col-start-auto sm:text-right sm:text-sm">
        <When iso={row.at} now={now} />
      </div>
    </li>
  );
}

/**
 * Key and venue-account changes, newest first. The first page comes rendered with the page; "Load more" pages back by
 * event id. A new newest event (after a mint, roll or revoke) starts the list afresh.
 */
export function AuditLog({ initial, now }: { initial: AuditPage; now: number }) {
  const query = useInfiniteQuery({
    queryKey: ["keys", "audit", initial.rows[0]?.id ?? 0],
    queryFn: ({ pageParam }) => fetchAuditPage(pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
    initialData: { pages: [initial], pageParams: [null] },
    staleTime: Infinity,
  });
  const rows = query.data.pages.flatMap((p) => p.rows);

  if (rows.length === 0)
    return <EmptyState title="No changes yet" description="Minting, rolling and revoking keys, and linking venue accounts, are recorded here." />;
  return (
    <div className="flex flex-col gap-3">
      <ol aria-label="Key and venue account changes, newest first" className="divide-y rounded-lg border">
        {rows.map((row) => (
          <AuditItem key={row.id} row={row} now={now} />
        ))}
      </ol>
      {query.isFetchNextPageError ? (
        <p role="alert" className="text-sm text-destructive">
          {query.error?.message ?? "The older events could not be loaded."}
          {query.error instanceof ApiClientError && query.error.requestId ? ` (request ${query.error.requestId})` : ""}
        </p>
      ) : null}
      {query.hasNextPage ? (
        <Button variant="outline" className="self-center" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? "Loading…" : "Load more"}
        </Button>
      ) : (
        <p className="text-center text-xs text-muted-foreground">The beginning of the log.</p>
      )}
    </div>
  );
}
