"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { When } from "@/components/ui/when";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ApiClientError } from "@/lib/client/http";
import { usagePage } from "./console-queries";
import { formatCredits, ledgerRowView } from "./console-view";

const KIND_LABELS = { grant: "Grant", reserve: "Reserve", settle: "Settle", plan: "Plan" } as const;

/** A key's credit ledger, newest first: what was added, reserved, charged and returned, with the balance after each. */
export function UsageHistory({ keyId, now }: { keyId: string; now: number }) {
  const query = useInfiniteQuery({
    queryKey: ["search", "usage", keyId],
    queryFn: ({ pageParam }) => usagePage(keyId, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });
  if (query.isPending) return <p className="text-sm text-muted-foreground">Loading the ledger…</p>;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {query.error.message}
        {query.error instanceof ApiClientError && query.error.requestId ? ` (request ${query.error.requestId})` : ""}
      </p>
    );
  }
  const entries = query.data.pages.flatMap((p) => p.entries);
  if (entries.length === 0) return <EmptyState title="No entries yet" description="Grants, reservations and settlements of this key appear here." />;
  return (
    <div className="flex flex-col gap-3">
      <ol aria-label="Ledger entries, newest first" className="divide-y rounded-lg border">
        {entries.map((e) => {
          const row = ledgerRowView(e);
          return (
            <li key={e.id} className="grid grid-cols-[4.5rem_minmax(0,1fr)_auto] items-start gap-x-4 gap-y-1 px-4 py-3 text-sm">
              <Badge variant={row.tone} className="w-full justify-center">
                {KIND_LABELS[e.kind]}
              </Badge>
              <div className="flex min-w-0 flex-col gap-0.5">
                <p className="font-medium">{row.title}</p>
                {row.detail ? <p className="truncate text-xs text-muted-foreground">{row.detail}</p> : null}
                <p className="text-xs text-muted-foreground">
                  <When iso={e.at} now={now} />
                </p>
              </div>
              <div className="text-right">
                <p className="font-mono tabular-nums">{row.amount}</p>
                <p className="whitespace-nowrap text-xs text-muted-foreground">{formatCredits(e.balance_after)} after</p>
              </div>
            </li>
          );
        })}
      </ol>
      {query.hasNextPage ? (
        <Button variant="outline" className="self-center" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? "Loading…" : "Load more"}
        </Button>
      ) : (
        <p className="text-center text-xs text-muted-foreground">The beginning of the ledger.</p>
      )}
    </div>
  );
}
