"use client";

// What the ticket's order would do if it filled now: the split across venues (GET /aggregated/routing,
// the same logic smart routing uses) or the chosen venue's own price, and the fees it would pay.

import { useQuery } from "@tanstack/react-query";
import { useDebounced } from "@/components/swap/use-debounced";
import { Skeleton } from "@/components/ui/skeleton";
import { useMarketApi } from "@/components/market/market-api";
import { routingQuery } from "@/components/market/queries";
import { venueColor } from "@/components/market/venue-colors";
import type { Routing, TokenPair } from "@/lib/client/market-data";
import { multiplyDecimals } from "@/lib/decimal";
import type { OrderSide } from "./ticket-form";
import { formatAmount, formatUsd } from "./trade-words";

export interface PreviewFormat {
  priceDecimals: number;
  sizeDecimals: number;
}

interface Estimate {
  legs: { venue: string; size: string; avgPrice: string; fee: string }[];
  avgPrice: string | null;
  fees: string;
  complete: boolean;
}

/** The chosen venue alone, or the smart split; fees are the venues' taker fees (a resting limit may pay less). */
function estimate(route: Routing, pair: TokenPair, venue: string): Estimate {
  if (!venue) return { legs: route.legs, avgPrice: route.avgPrice, fees: route.fees, complete: route.complete };
  const quote = route.venues.find((v) => v.venue === venue);
  const feeBps = pair.venues.find((v) => v.venue === venue)?.takerFeeBps ?? "0";
  if (!quote || quote.avgPrice === null) return { legs: [], avgPrice: null, fees: "0", complete: false };
  const fee = multiplyDecimals(multiplyDecimals(multiplyDecimals(quote.fillable, quote.avgPrice), feeBps), "0.0001");
  return { legs: [{ venue, size: quote.fillable, avgPrice: quote.avgPrice, fee }], avgPrice: quote.avgPrice, fees: fee, complete: quote.complete };
}

export function RoutingPreview({
  pair,
  side,
  quantity,
  venue,
  format,
}: {
  pair: TokenPair;
  side: OrderSide;
  quantity: string | null;
  venue: string;
  format: PreviewFormat;
}) {
  const api = useMarketApi();
  const settled = useDebounced(quantity, 300);
  const route = useQuery(routingQuery(api, pair.symbol, side, settled));
  const venues = pair.venues.map((v) => v.venue);

  if (settled === null) return <p className="text-xs text-muted-foreground">Enter a size to see where the order would go and what it would cost.</p>;
  if (route.isError)
    return (
      <p role="alert" className="text-xs text-destructive">
        Preview unavailable: {route.error.message}
      </p>
    );
  if (!route.data) return <Skeleton className="h-16 w-full" aria-label="Loading the routing preview" />;
  const est = estimate(route.data, pair, venue);
  return (
    <section aria-label="Routing preview" data-testid="routing-preview" className="flex flex-col gap-2 rounded-md border bg-muted/30 p-3 text-sm">
      <p className="text-xs font-medium text-muted-foreground">{venue ? `On ${venue} alone, if it filled now` : "Smart route, if it filled now"}</p>
      {est.legs.length === 0 ? (
        <p className="text-xs text-warning">{venue ? `${venue} quotes nothing on this side right now.` : "No venue quotes this side right now."}</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {est.legs.map((leg) => (
            <li
              key={leg.venue}
              data-testid="preview-leg"
              data-venue={leg.venue}
              className="flex items-center justify-between gap-2 font-mono text-xs tabular-nums"
            >
              <span className="flex items-center gap-1.5 font-sans">
                <span className="size-2 rounded-full" style={{ background: venueColor(venues, leg.venue).dot }} aria-hidden="true" />
                {leg.venue}
              </span>
              <span>
                {formatAmount(leg.size, format.sizeDecimals)} @ {formatAmount(leg.avgPrice, format.priceDecimals + 2)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
        <dt className="text-muted-foreground">Average price</dt>
        <dd className="text-right font-mono tabular-nums">{formatAmount(est.avgPrice, format.priceDecimals + 2)}</dd>
        <dt className="text-muted-foreground">Estimated fees</dt>
        <dd className="text-right font-mono tabular-nums" data-testid="estimated-fees">
          {formatUsd(est.fees)}
        </dd>
      </dl>
      {!est.complete && est.legs.length > 0 ? (
        <p className="text-xs text-warning">The book holds less than this size now: a market order would fill only part.</p>
      ) : null}
    </section>
  );
}
