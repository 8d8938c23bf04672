"use client";

// The combined tape: the newest trades of every venue, newest on top.

import { ActivityIcon } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/components/ui/cn";
import type { Trade } from "@/lib/client/market-data";
import { formatClock, formatDecimal } from "./format";
import { venueColor } from "./venue-colors";

export interface TradesTapeProps {
  trades: Trade[] | undefined;
  venues: readonly string[];
  priceDecimals: number;
  sizeDecimals: number;
  error: string | null;
}

export function TradesTape({ trades, venues, priceDecimals, sizeDecimals, error }: TradesTapeProps) {
  return (
    <section aria-labelledby="tape-title" className="flex h-full min-h-0 flex-col" data-testid="trades-tape">
      <header className="sr-only">
        <h2 id="tape-title">Trades</h2>
      </header>
      <div className="grid grid-cols-[1fr_1fr_auto] gap-2 px-3 py-1 text-right text-[0.7rem] uppercase tracking-wide text-muted-foreground">
        <span className="text-left">Price</span>
        <span>Size</span>
        <span>Time</span>
      </div>
      {error && !trades ? (
        <EmptyState role="alert" icon={ActivityIcon} title="Trades could not be read" description={error} className="m-3 border-0" />
      ) : !trades ? (
        <div className="flex flex-col gap-1 p-3" role="status" aria-busy="true" aria-label="Loading trades">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-5 w-full" />
          ))}
        </div>
      ) : trades.length === 0 ? (
        <EmptyState icon={ActivityIcon} title="No trades yet" description="Trades on any venue appear here as they happen." className="m-3 border-0" />
      ) : (
        <ol className="min-h-0 flex-1 overflow-y-auto" aria-label="Recent trades, newest first">
          {trades.map((trade) => (
            <li
              key={trade.id}
              data-testid="trade"
              data-trade-id={trade.id}
              className="grid grid-cols-[1fr_1fr_auto] items-center gap-2 px-3 py-0.5 text-right font-mono text-xs tabular-nums"
            >
              <span className={cn("flex items-center gap-1.5 text-left", trade.side === "BUY" ? "text-success" : "text-destructive")}>
                <span
                  className="size-1.5 shrink-0 rounded-full"
                  style={{ background: venueColor(venues, trade.venue).dot }}
                  title={trade.venue}
                  role="img"
                  aria-label={trade.venue}
                />
                {formatDecimal(trade.price, priceDecimals)}
              </span>
              <span>{formatDecimal(trade.size, sizeDecimals)}</span>
              <span className="text-muted-foreground">{formatClock(trade.time)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
