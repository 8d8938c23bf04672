import { mergeBooks, type AggregatedLevel } from "../book";
import { formatHalf, formatRatio } from "./format";
import { BOOK_DEPTH, BOOK_GROUP, STALE_AFTER_MS } from "./limits";
import { listedMarket, type MarketSource } from "./source";
import { marketFormat, type MarketFormat } from "./units";

/** Levels per side read from each venue: the deepest grouped answer needs at most this many. */
const RAW_DEPTH_MAX = 2_000;

export interface BookLevelView {
  price: string;
  size: string;
  /** Cumulative size from the best level through this one. */
  total: string;
  /** Size per venue, only venues quoting at this level. */
  venues: Record<string, string>;
}

export interface VenueBookStatus {
  venue: string;
  /** When the venue last changed this book, ms since the epoch. */
  updatedAt: number;
  ageMs: number;
  stale: boolean;
  bestBid: string | null;
  bestAsk: string | null;
  /** Size netted away where this venue's book crossed another's. */
  netted: { bids: string; asks: string };
}

export interface AggregatedBookView {
  symbol: string;
  depth: number;
  /** Group width in base ticks, and as a price. */
  group: number;
  groupSize: string;
  bids: BookLevelView[];
  asks: BookLevelView[];
  bestBid: string | null;
  bestAsk: string | null;
  spread: string | null;
  spreadBps: string | null;
  mid: string | null;
  crossed: boolean;
  /** Whether any venue's book is stale. */
  stale: boolean;
  venues: VenueBookStatus[];
  time: number;
}

export interface BookQuery {
  depth?: number;
  group?: number;
}

/** The venues' books for a symbol merged into one, read from their in-memory state. */
export function aggregatedBook(source: MarketSource, symbol: string, query: BookQuery = {}): AggregatedBookView {
  const { spec, listings } = listedMarket(source, symbol);
  const depth = query.depth ?? BOOK_DEPTH.default;
  const group = query.group ?? BOOK_GROUP.default;
  const rawDepth = Math.min(RAW_DEPTH_MAX, depth * group + depth);
  const now = source.now();
  const books = listings.map(({ venue }) => ({ venue: venue.name, book: venue.book(symbol, rawDepth) }));
  const merged = mergeBooks(
    books.map(({ venue, book }) => ({ venue, bids: book?.bids ?? [], asks: book?.asks ?? [] })),
    { depth, group },
  );
  const f = marketFormat(spec);
  const { bestBid, bestAsk } = merged;
  const venues = books.map(({ venue, book }): VenueBookStatus => {
    const updatedAt = book?.updatedAt ?? 0;
    const ageMs = Math.max(0, now - updatedAt);
    const netted = merged.netted[venue]!;
    return {
      venue,
      updatedAt,
      ageMs,
      stale: book === undefined || ageMs > STALE_AFTER_MS,
      bestBid: book?.bids[0] ? f.price(book.bids[0][0]) : null,
      bestAsk: book?.asks[0] ? f.price(book.asks[0][0]) : null,
      netted: { bids: f.size(netted.bids), asks: f.size(netted.asks) },
    };
  });
  const both = bestBid !== null && bestAsk !== null;
  return {
    symbol,
    depth,
    group,
    groupSize: f.price(group),
    bids: merged.bids.map((l) => levelView(l, f)),
    asks: merged.asks.map((l) => levelView(l, f)),
    bestBid: bestBid === null ? null : f.price(bestBid),
    bestAsk: bestAsk === null ? null : f.price(bestAsk),
    spread: both ? f.price(bestAsk - bestBid) : null,
    spreadBps: both ? formatRatio(BigInt(bestAsk - bestBid) * 20_000n, BigInt(bestAsk + bestBid), 2) : null,
    mid: both ? formatHalf(bestBid + bestAsk, spec.baseTick) : null,
    crossed: merged.crossed,
    stale: venues.some((v) => v.stale),
    venues,
    time: now,
  };
}

function levelView(level: AggregatedLevel, f: MarketFormat): BookLevelView {
  const venues: Record<string, string> = {};
  for (const name in level.venues) venues[name] = f.size(level.venues[name]!);
  return { price: f.price(level.price), size: f.size(level.size), total: f.size(level.cumulative), venues };
}
