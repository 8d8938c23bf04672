"use client";

// Where an order of a given side and size would go: the split across venues with the best average price
// after taker fees (GET /aggregated/routing), each venue's leg, and what the split saves against the
// best single venue.

import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { RouteIcon } from "lucide-react";
import { useDebounced } from "@/components/swap/use-debounced";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/components/ui/cn";
import type { RouteSide, Routing } from "@/lib/client/market-data";
import { formatDecimal } from "./format";
import { useMarketApi } from "./market-api";
import { routingQuery } from "./queries";
import { venueColor } from "./venue-colors";

export interface RoutingFormat {
  priceDecimals: number;
  sizeDecimals: number;
  lotSize: string;
  base: string;
  quote: string;
  venues: readonly string[];
}

const QUOTE_DECIMALS = 2;

/** A typed size, or null while it is not a positive decimal. */
function typedQuantity(text: string): string | null {
  const trimmed = text.trim();
  return /^\d*\.?\d+$|^\d+\.$/.test(trimmed) && Number(trimmed) > 0 ? trimmed.replace(/\.$/, "") : null;
}

function SideSwitch({ side, onSide }: { side: RouteSide; onSide(side: RouteSide): void }) {
  return (
    <div role="radiogroup" aria-label="Side" className="grid grid-cols-2 gap-0.5 rounded-md bg-muted p-0.5">
      {(["BUY", "SELL"] as const).map((value) => (
        // biome-ignore lint/a11y/useSemanticElements: a segmented control: buttons with radio semantics inside a radiogroup (WAI-ARIA radio group pattern)
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={side === value}
          onClick={() => onSide(value)}
          className={cn(
            "rounded px-3 py-1 text-sm font-medium",
            side === value
              ? value === "BUY"
                ? "bg-success/15 text-success"
                : "bg-destructive/15 text-destructive"
              : "text-muted-foreground hover:text-foreground",
          )}
        >
          {value === "BUY" ? "Buy" : "Sell"}
        </button>
      ))}
    </div>
  );
}

function Summary({ route, format }: { route: Routing; format: RoutingFormat }) {
  const price = (value: string | null) => (value === null ? "—" : formatDecimal(value, format.priceDecimals + 2));
  const rows: [string, string][] = [
    ["Best single venue", route.bestVenue ?? "none fills it"],
    ["Filled", `${formatDecimal(route.filled, format.sizeDecimals)} of ${formatDecimal(route.quantity, format.sizeDecimals)} ${format.base}`],
    ["Average price", price(route.avgPrice)],
    ["With fees", price(route.avgPriceAfterFees)],
    ["Slippage vs mid", route.slippageBps === null ? "—" : `${formatDecimal(route.slippageBps, 2)} bp`],
    ["Fees", `${formatDecimal(route.fees, QUOTE_DECIMALS)} ${format.quote}`],
    ["Saving vs best venue", route.savingVsBestVenue === null ? "—" : `${formatDecimal(route.savingVsBestVenue, QUOTE_DECIMALS)} ${format.quote}`],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="text-muted-foreground">{name}</dt>
          <dd className="text-right font-mono tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Legs({ route, format }: { route: Routing; format: RoutingFormat }) {
  return (
    <Table aria-label="Legs per venue">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Venue</TableHead>
          <TableHead className="text-right">Size</TableHead>
          <TableHead className="text-right">Avg price</TableHead>
          <TableHead className="text-right">Fee</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {route.legs.map((leg) => (
          <TableRow key={leg.venue} data-testid="route-leg" data-venue={leg.venue}>
            <TableCell>
              <span className="flex items-center gap-1.5">
                <span className="size-2 rounded-full" style={{ background: venueColor(format.venues, leg.venue).dot }} aria-hidden="true" />
                {leg.venue}
              </span>
            </TableCell>
            <TableCell className="text-right font-mono tabular-nums">{formatDecimal(leg.size, format.sizeDecimals)}</TableCell>
            <TableCell className="text-right font-mono tabular-nums">{formatDecimal(leg.avgPrice, format.priceDecimals + 2)}</TableCell>
            <TableCell className="text-right font-mono tabular-nums">{formatDecimal(leg.fee, QUOTE_DECIMALS)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function RoutingPanel({ symbol, format }: { symbol: string; format: RoutingFormat }) {
  const api = useMarketApi();
  const [side, setSide] = useState<RouteSide>("BUY");
  const [size, setSize] = useState(format.lotSize);
  const quantity = useDebounced(typedQuantity(size), 300);
  const route = useQuery(routingQuery(api, symbol, side, quantity));
  const sizeId = useId();
  const typedBad = size.trim() !== "" && typedQuantity(size) === null;

  return (
    <section aria-labelledby="routing-title" className="flex flex-col gap-3 rounded-lg border bg-card p-3" data-testid="routing-panel">
      <h2 id="routing-title" className="text-sm font-semibold">
        Smart routing
      </h2>
      <SideSwitch side={side} onSide={setSide} />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={sizeId}>Size ({format.base})</Label>
        <Input
          id={sizeId}
          inputMode="decimal"
          autoComplete="off"
          value={size}
          onChange={(e) => setSize(e.target.value)}
          aria-invalid={typedBad}
          className="font-mono tabular-nums"
        />
        <p className={cn("text-xs", typedBad ? "text-destructive" : "text-muted-foreground")}>
          {typedBad ? "Enter a size such as 0.5." : `In steps of ${format.lotSize} ${format.base}.`}
        </p>
      </div>
      {quantity === null ? null : route.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {route.error.message}
        </p>
      ) : !route.data ? (
        <div role="status" className="flex flex-col gap-1.5" aria-busy="true" aria-label="Loading the route">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-2/3" />
        </div>
      ) : route.data.legs.length === 0 ? (
        <EmptyState
          icon={RouteIcon}
          title="Nothing to route to"
          description={`No venue quotes the ${side === "BUY" ? "ask" : "bid"} side right now.`}
          className="border-0 py-6"
        />
      ) : (
        <>
          <Legs route={route.data} format={format} />
          <Summary route={route.data} format={format} />
          {!route.data.complete ? <p className="text-xs text-warning">The books together hold less than this size: only part of it would fill.</p> : null}
        </>
      )}
    </section>
  );
}
