"use client";

import { useDeskStreaming } from "@/components/trade/desk-live";
import { cn } from "@/components/ui/cn";

/**
 * Whether what the terminal shows is live: market data when its streams deliver, and the account when
 * its stream does (`account`: the page follows one). Anything else is polled, and says so.
 */
export function LiveStatus({ market, account }: { market: boolean; account: boolean }) {
  const accountLive = useDeskStreaming();
  const live = market && (!account || accountLive);
  const detail = [market ? "market data streaming" : "market data polled", ...(account ? [accountLive ? "account streaming" : "account polled"] : [])].join(
    ", ",
  );
  return (
    <p role="status" data-testid="live-status" data-live={live} title={detail} className="flex items-center gap-1.5 text-xs text-muted-foreground">
      <span className={cn("size-2 rounded-full", live ? "bg-success" : "animate-pulse bg-warning")} aria-hidden="true" />
      {live ? "Live" : "Polling"}
      <span className="sr-only">: {detail}</span>
    </p>
  );
}
