"use client";

import { useQuery } from "@tanstack/react-query";
import { HistoryIcon } from "lucide-react";
import type { SwapStatusView } from "@/lib/swap/contract";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { historyQuery } from "./queries";
import { statusBadge } from "./status-timeline";
import { formatUnits } from "./view";
import { LOCALE } from "@/lib/format/locale";

const when = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeStyle: "short" });

/** The owner's swaps with their status, kept live. */
export function SwapHistory({ initial, chainName }: { initial: SwapStatusView[]; chainName: (id: number) => string }) {
  const history = useQuery({ ...historyQuery(), initialData: initial });
  if (history.isPending) return <Skeleton className="h-32 w-full" />;
  if (history.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load your swaps: {history.error.message}
      </p>
    );
  }
  if (history.data.length === 0) {
    return (
      <EmptyState
        icon={HistoryIcon}
        title="No swaps yet"
        description="Swaps you sign with your wallet or execute with the desk key appear here with their status."
      />
    );
  }
  return (
    <ul className="flex flex-col divide-y" aria-label="Swap history">
      {history.data.map((s) => (
        <li key={s.id} className="flex flex-col gap-1 py-3 text-sm" data-testid="swap-history-item">
          <div className="flex items-center justify-between gap-2">
            <span className="font-medium">
              {formatUnits(s.fromAmount, s.fromToken.decimals)} {s.fromToken.symbol} → {s.toToken.symbol}
            </span>
            {statusBadge(s.status)}
          </div>
          <div className="flex flex-wrap justify-between gap-2 text-xs text-muted-foreground">
            <span>
              {chainName(s.fromChainId)} → {chainName(s.toChainId)} · {s.mode === "desk" ? "desk key" : "wallet"}
            </span>
            <time dateTime={s.createdAt}>{when.format(new Date(s.createdAt))}</time>
          </div>
        </li>
      ))}
    </ul>
  );
}
