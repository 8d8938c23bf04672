"use client";

// The aggregated book: asks above the spread, bids below, each level's depth bar in its side's colour
// with the venues' shares of it along its bottom edge. Clicking a level hands its price to the order
// ticket (ticket-link.tsx); levels holding the owner's orders get a dot once the trade desk reports them.

import type { CSSProperties } from "react";
import { BookOpenIcon } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/components/ui/cn";
import type { AggregatedBook } from "@/lib/client/market-data";
import { GROUPS } from "./book-group";
import { multiplyStep } from "@/lib/decimal";
import { formatDecimal, formatPercent } from "./format";
import { useTicketLink, type BookSide } from "./ticket-link";
import { venueColor } from "./venue-colors";

type Level = AggregatedBook["bids"][number];

export interface BookFormat {
  priceDecimals: number;
  sizeDecimals: number;
  /** The market's tick, for the grouping labels. */
  tickSize: string;
  /** Every venue of the market, in a fixed order (their colours). */
  venues: readonly string[];
}

/** Each venue's share of a level, in the venue's colour: a thin strip along the bottom of the level. */
function venueShares(level: Level, venues: readonly string[]): CSSProperties {
  const total = Number(level.size);
  let at = 0;
  const stops: string[] = [];
  for (const venue of venues) {
    const size = Number(level.venues[venue] ?? 0);
    if (size <= 0 || total <= 0) continue;
    const to = at + (size / total) * 100;
    stops.push(`${venueColor(venues, venue).dot} ${at.toFixed(2)}% ${to.toFixed(2)}%`);
    at = to;
  }
  return { backgroundImage: stops.length ? `linear-gradient(to left, ${stops.join(", ")})` : undefined };
}

function BookLevelRow({ level, side, maxSize, format }: { level: Level; side: BookSide; maxSize: number; format: BookFormat }) {
  const { pickPrice, ownOrderPrices } = useTicketLink();
  const price = formatDecimal(level.price, format.priceDecimals);
  const quoting = Object.keys(level.venues);
  const width = `${(maxSize > 0 ? (Number(level.size) / maxSize) * 100 : 0).toFixed(2)}%`;
  return (
    <li className="shrink-0">
      <button
        type="button"
        data-testid="book-level"
        data-side={side}
        data-price={level.price}
        data-venues={quoting.join(" ")}
        onClick={() => pickPrice(level.price, side)}
        aria-label={`${side === "ask" ? "Ask" : "Bid"} ${price}, size ${level.size} (${quoting.join(", ")}): use this price`}
        className="relative grid h-5 w-full grid-cols-3 items-center gap-2 px-3 text-right font-mono text-xs tabular-nums hover:bg-accent focus-visible:bg-accent"
      >
        {/* The depth bar in the side's colour, the venues' shares of the level along its bottom edge. */}
        <span aria-hidden="true" className={cn("absolute inset-y-px right-0", side === "ask" ? "bg-destructive/15" : "bg-success/15")} style={{ width }}>
          <span className="absolute inset-x-0 bottom-0 h-0.5" style={venueShares(level, format.venues)} />
        </span>
        <span className={cn("relative flex items-center justify-start gap-1.5 font-medium", side === "ask" ? "text-destructive" : "text-success")}>
          {ownOrderPrices.has(level.price) ? <span className="size-1.5 rounded-full bg-foreground" title="Your order rests here" /> : null}
          {price}
        </span>
        <span className="relative text-foreground">{formatDecimal(level.size, format.sizeDecimals)}</span>
        <span className="relative text-foreground/70">{formatDecimal(level.total, format.sizeDecimals)}</span>
      </button>
    </li>
  );
}

function Side({ levels, side, maxSize, format }: { levels: readonly Level[]; side: BookSide; maxSize: number; format: BookFormat }) {
  // Asks are listed worst first, so the best ask sits just above the spread. Each side takes half the
  // panel whatever the grouping; the levels farthest from the spread are cut off first.
  const shown = side === "ask" ? [...levels].reverse() : levels;
  return (
    <ol aria-label={side === "ask" ? "Asks" : "Bids"} className={cn("flex min-h-0 flex-1 basis-0 flex-col overflow-hidden", side === "ask" && "justify-end")}>
      {shown.map((level) => (
        <BookLevelRow key={level.price} level={level} side={side} maxSize={maxSize} format={format} />
      ))}
    </ol>
  );
}

function Spread({ book, format }: { book: AggregatedBook; format: BookFormat }) {
  return (
    <div className="flex items-center justify-between gap-2 border-y bg-muted/40 px-3 py-1.5 font-mono text-xs tabular-nums" data-testid="book-spread">
      <span className="font-sans text-muted-foreground">Spread</span>
      <span>
        {book.spread === null ? "—" : formatDecimal(book.spread, format.priceDecimals)}
        {book.spreadBps === null ? null : <span className="text-muted-foreground"> ({formatPercent(Number(book.spreadBps) / 10_000)})</span>}
      </span>
      <span className="font-sans text-muted-foreground">Mid</span>
      <span>{book.mid === null ? "—" : formatDecimal(book.mid, format.priceDecimals + 1)}</span>
    </div>
  );
}

function VenueLegend({ venues }: { venues: readonly string[] }) {
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground" aria-label="Venue colours">
      {venues.map((venue) => (
        <li key={venue} className="flex items-center gap-1.5">
          <span className="size-2 rounded-full" style={{ background: venueColor(venues, venue).dot }} aria-hidden="true" />
          {venue}
        </li>
      ))}
    </ul>
  );
}

export function GroupSelect({ group, onGroup, tickSize }: { group: number; onGroup(group: number): void; tickSize: string }) {
  return (
    <label className="flex items-center gap-2 text-xs text-muted-foreground">
      Group
      <select
        value={group}
        onChange={(e) => onGroup(Number(e.target.value))}
        className="h-7 rounded-md border border-input bg-background px-2 font-mono text-xs text-foreground"
      >
        {GROUPS.map((g) => (
          <option key={g} value={g}>
            {multiplyStep(tickSize, g)}
          </option>
        ))}
      </select>
    </label>
  );
}

export interface OrderBookProps {
  book: AggregatedBook | undefined;
  format: BookFormat;
  group: number;
  onGroup(group: number): void;
  /** Why the book could not be read, when it could not. */
  error: string | null;
}

export function OrderBook({ book, format, group, onGroup, error }: OrderBookProps) {
  const levels = book ? [...book.bids, ...book.asks] : [];
  const maxSize = levels.reduce((max, level) => Math.max(max, Number(level.size)), 0);
  return (
    <section aria-labelledby="book-title" className="flex h-full min-h-0 flex-col" data-testid="order-book">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b px-3 py-1.5">
        <h2 id="book-title" className="sr-only">
          Order book
        </h2>
        <GroupSelect group={group} onGroup={onGroup} tickSize={format.tickSize} />
        <VenueLegend venues={format.venues} />
      </header>
      <div className="grid grid-cols-3 gap-2 px-3 py-1 text-right text-[0.7rem] uppercase tracking-wide text-muted-foreground">
        <span className="text-left">Price</span>
        <span>Size</span>
        <span>Total</span>
      </div>
      {error && !book ? (
        <EmptyState role="alert" icon={BookOpenIcon} title="The book could not be read" description={error} className="m-3 border-0" />
      ) : !book ? (
        <div className="flex flex-col gap-1 p-3" role="status" aria-busy="true" aria-label="Loading the order book">
          {Array.from({ length: 12 }, (_, i) => (
            <Skeleton key={i} className="h-5 w-full" />
          ))}
        </div>
      ) : book.bids.length === 0 && book.asks.length === 0 ? (
        <EmptyState icon={BookOpenIcon} title="The book is empty" description="No venue quotes this market right now." className="m-3 border-0" />
      ) : (
        <div className="flex min-h-0 flex-1 flex-col">
          <Side levels={book.asks} side="ask" maxSize={maxSize} format={format} />
          <Spread book={book} format={format} />
          <Side levels={book.bids} side="bid" maxSize={maxSize} format={format} />
        </div>
      )}
    </section>
  );
}
