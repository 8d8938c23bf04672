"use client";

// What the ticket's order would do if it filled now: the split across venues (GET /aggregated/routing,
// the same logic smart routing uses) or the chosen venue's own price, and the fees it would pay; for a
// limit order only what fills at or better than its limit (preview-estimate.ts).

import { useQuery } from "@tanstack/react-query";
import { useDebounced } from "@/components/swap/use-debounced";
import { Skeleton } from "@/components/ui/skeleton";
import { useMarketApi } from "@/components/market/market-api";
import { routingQuery } from "@/components/market/queries";
import { venueColor } from "@/components/market/venue-colors";
import type { TokenPair } from "@/lib/client/market-data";
import { previewEstimate } from "./preview-estimate";
import type { OrderSide, TimeInForce } from "./ticket-form";
import { formatAmount, formatUsd } from "./trade-words";

export interface PreviewFormat {
  priceDecimals: number;
  sizeDecimals: number;
}

export function RoutingPreview({
  pair,
  side,
  quantity,
  venue,
  limit,
  format,
  timeInForce = limit === null ? "IOC" : "GTC",
  postOnly = false,
}: {
  pair: TokenPair;
  side: OrderSide;
  quantity: string | null;
  venue: string;
  /** A limit order's price: only what fills at or better than it is shown as filling now. */
  limit: string | null;
  format: PreviewFormat;
  /** What becomes of what does not fill at once: rests (GTC), is cancelled (IOC), or nothing fills (FOK). */
  timeInForce?: TimeInForce;
  /** A post-only order must not fill now at all. */
  postOnly?: boolean;
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
  const est = previewEstimate(route.data, pair, venue, limit);
  const price = (value: string | null) => formatAmount(value, format.priceDecimals);
  const bookSide = side === "BUY" ? "ask" : "bid";
  return (
    <section aria-label="Routing preview" data-testid="routing-preview" className="flex flex-col gap-2 rounded-md border bg-muted/30 p-3 text-sm">
      <p className="text-xs font-medium text-muted-foreground">
        {venue ? `On ${venue} alone` : "Smart route"}
        {limit === null ? ", if it filled now" : `, at ${price(limit)} or better now`}
      </p>
      {est.legs.length === 0 ? (
        <p className="text-xs text-warning" data-testid="preview-rests">
          {limit !== null && est.bestPrice !== null
            ? `Rests at ${price(limit)}: nothing fills at this price now (best ${bookSide} ${price(est.bestPrice)}).`
            : venue
              ? `${venue} quotes nothing on this side right now.`
              : "No venue quotes this side right now."}
        </p>
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
                {leg.partial ? "up to " : ""}
                {formatAmount(leg.size, format.sizeDecimals)} @{" "}
                {leg.partial && limit !== null ? `≤ ${price(limit)}` : formatAmount(leg.avgPrice, format.priceDecimals + 2)}
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
      <RemainderNote
        filling={est.legs.length > 0}
        complete={est.complete}
        limit={limit === null ? null : price(limit)}
        timeInForce={timeInForce}
        postOnly={postOnly}
      />
    </section>
  );
}

/** What the order's own terms make of the preview: a post-only order that would take, and what becomes of the rest. */
function RemainderNote({
  filling,
  complete,
  limit,
  timeInForce,
  postOnly,
}: {
  filling: boolean;
  complete: boolean;
  limit: string | null;
  timeInForce: TimeInForce;
  postOnly: boolean;
}) {
  const note = (text: string, tone = "text-warning") => (
    <p className={`text-xs ${tone}`} data-testid="preview-remainder">
      {text}
    </p>
  );
  if (postOnly && filling) return note("Post-only: this price would take liquidity now, so the order would be refused.");
  if (!filling || complete) return null;
  if (timeInForce === "FOK") return note("Fill or kill: the books cannot fill all of it now, so nothing would fill.");
  if (limit === null) return note("The book holds less than this size now: a market order would fill only part.");
  if (timeInForce === "IOC") return note("Immediate or cancel: what does not fill now is cancelled.");
  return note(`What does not fill now rests at ${limit}.`, "text-muted-foreground");
}
