"use client";

// Before sending: what the ticket's order costs, the margin it needs at the chosen leverage against the
// margin available, and where the venue holding it would liquidate it (margin-preview.ts). Reads the same
// routing recommendation as the preview, and the owner's balances when signed in.

import { useQuery } from "@tanstack/react-query";
import { useMarketApi } from "@/components/market/market-api";
import { routingQuery } from "@/components/market/queries";
import { useDebounced } from "@/components/swap/use-debounced";
import { cn } from "@/components/ui/cn";
import type { TokenPair } from "@/lib/client/market-data";
import { sumDecimals } from "@/lib/decimal";
import { useDeskStreaming } from "./desk-live";
import { marginPreview } from "./margin-preview";
import { previewEstimate } from "./preview-estimate";
import { balancesQuery } from "./queries";
import type { OrderSide } from "./ticket-form";
import { formatAmount, formatUsd } from "./trade-words";

export interface MarginSummaryProps {
  pair: TokenPair;
  side: OrderSide;
  quantity: string | null;
  /** The venue asked for, or "" for smart routing. */
  venue: string;
  limit: string | null;
  leverage: number;
  signedIn: boolean;
  priceDecimals: number;
}

const usd = (n: number) => formatUsd(n.toFixed(2));

export function MarginSummary({ pair, side, quantity, venue, limit, leverage, signedIn, priceDecimals }: MarginSummaryProps) {
  const api = useMarketApi();
  const settled = useDebounced(quantity, 300);
  const route = useQuery(routingQuery(api, pair.symbol, side, settled));
  const balances = useQuery({ ...balancesQuery(useDeskStreaming()), enabled: signedIn });
  if (settled === null) return null;

  const estimate = route.data ? previewEstimate(route.data, pair, venue, limit) : null;
  // The venue that would hold (most of) the position: the one asked for, else the largest leg's.
  const holder = venue || ([...(estimate?.legs ?? [])].sort((a, b) => Number(b.size) - Number(a.size))[0]?.venue ?? null);
  const price = limit ?? estimate?.avgPrice ?? pair.markPrice;
  const venueBalance = holder === null ? undefined : balances.data?.find((b) => b.venue === holder);
  const pairVenues = new Set(pair.venues.map((v) => v.venue));
  const available = venue
    ? (venueBalance?.available ?? null)
    : balances.data
      ? sumDecimals(balances.data.filter((b) => pairVenues.has(b.venue)).map((b) => b.available))
      : null;
  const mmBps = pair.venues.find((v) => v.venue === holder)?.maintenanceMarginBps ?? null;
  if (price === null) return null;
  const preview = marginPreview({ side, quantity: settled, price, leverage, equity: venueBalance?.equity ?? null, maintenanceMarginBps: mmBps });
  const short = available !== null && preview.margin > Number(available);
  const liquidation =
    preview.liquidationPrice === null
      ? "—"
      : preview.liquidationPrice === "none"
        ? "none"
        : formatAmount(preview.liquidationPrice.toFixed(priceDecimals), priceDecimals);

  const rows: [string, string, string?][] = [
    ["Cost", usd(preview.cost)],
    [`Margin at ${leverage}×`, usd(preview.margin), short ? "text-destructive" : undefined],
    ...(signedIn ? ([[venue ? `Available on ${venue}` : "Available", available === null ? "—" : formatUsd(available)]] as [string, string][]) : []),
    ...(signedIn && holder ? ([[`Est. liquidation (${holder})`, liquidation]] as [string, string][]) : []),
  ];
  return (
    <section aria-label="Margin" data-testid="margin-summary" className="flex flex-col gap-1 text-xs">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        {rows.map(([name, value, tone]) => (
          <div key={name} className="contents">
            <dt className="text-muted-foreground">{name}</dt>
            <dd className={cn("text-right font-mono tabular-nums", tone)} data-testid={`margin-${name.split(" ")[0]!.toLowerCase()}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {short ? <p className="text-destructive">More margin than is available: lower the size or raise the leverage.</p> : null}
    </section>
  );
}
