import { mergeBooks, type AggregatedLevel } from "./book-merge";
import { formatHalf, formatRatio, marketFormat, type MarketFormat } from "../units";
import type { Serialized } from "./serialized";
import { BOOK_DEPTH, BOOK_GROUP, STALE_AFTER_MS } from "./limits";
import { venueActivity, type VenueActivity } from "./venue-activity";
import { listedMarket, type MarketSource } from "./source";

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
  const core = bookCore(source, symbol, query);
  return { ...core.view, ...liveParts(core, source.now(), venueActivity(source.venues)) };
}

/** The same as aggregatedBook, serialized: the merged levels are serialized once per change of the books. */
export function aggregatedBookJson(source: MarketSource, symbol: string, query: BookQuery = {}): Serialized<AggregatedBookView> {
  const core = bookCore(source, symbol, query);
  const now = source.now();
  // Polls arriving in the same millisecond share the whole answer.
  if (core.serialized?.at !== now) {
    const live = JSON.stringify(liveParts(core, now, venueActivity(source.venues)));
    core.serialized = { at: now, json: `${core.json},${live.slice(1)}` as Serialized<AggregatedBookView> };
  }
  return core.serialized.json;
}

type LiveParts = Pick<AggregatedBookView, "stale" | "venues" | "time">;
type VenueSnapshot = Omit<VenueBookStatus, "ageMs" | "stale"> & { listed: boolean };

/** What only changes with the books: cached until a venue announces a change of this symbol's book. */
interface BookCore {
  version: number;
  builtAt: number;
  view: Omit<AggregatedBookView, keyof LiveParts>;
  /** `view` as JSON without its closing brace. */
  json: string;
  /** The last whole answer and the millisecond it was made for. */
  serialized?: { at: number; json: Serialized<AggregatedBookView> };
  venues: VenueSnapshot[];
}

/** Views kept per venues; cleared when full, as varied depths and groups could otherwise grow it without bound. */
const MAX_CACHED = 256;
/** A venue that changes its book without announcing it is still read at least this often. */
const MAX_CACHE_AGE_MS = 1_000;
const caches = new WeakMap<MarketSource["venues"], Map<string, BookCore>>();

function bookCore(source: MarketSource, symbol: string, query: BookQuery): BookCore {
  const { spec, listings } = listedMarket(source, symbol);
  const depth = query.depth ?? BOOK_DEPTH.default;
  const group = query.group ?? BOOK_GROUP.default;
  const version = venueActivity(source.venues).bookVersion(symbol);
  const now = source.now();
  let cache = caches.get(source.venues);
  if (cache === undefined) {
    cache = new Map();
    caches.set(source.venues, cache);
  }
  const key = `${symbol}|${depth}|${group}`;
  const cached = cache.get(key);
  if (cached !== undefined && cached.version === version && now - cached.builtAt < MAX_CACHE_AGE_MS && now >= cached.builtAt) return cached;

  const rawDepth = Math.min(RAW_DEPTH_MAX, depth * group + depth);
  const books = listings.map(({ venue }) => ({ venue: venue.name, book: venue.book(symbol, rawDepth) }));
  const merged = mergeBooks(
    books.map(({ venue, book }) => ({ venue, bids: book?.bids ?? [], asks: book?.asks ?? [] })),
    { depth, group },
  );
  const f = marketFormat(spec);
  const { bestBid, bestAsk } = merged;
  const both = bestBid !== null && bestAsk !== null;
  const view: BookCore["view"] = {
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
  };
  const venues = books.map(({ venue, book }): VenueSnapshot => {
    const netted = merged.netted[venue]!;
    return {
      venue,
      listed: book !== undefined,
      updatedAt: book?.updatedAt ?? 0,
      bestBid: book?.bids[0] ? f.price(book.bids[0][0]) : null,
      bestAsk: book?.asks[0] ? f.price(book.asks[0][0]) : null,
      netted: { bids: f.size(netted.bids), asks: f.size(netted.asks) },
    };
  });
  const core: BookCore = { version, builtAt: now, view, json: JSON.stringify(view).slice(0, -1), venues };
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, core);
  return core;
}

/**
 * Ages and staleness, which change with time alone. A venue is stale when it has announced nothing (no
 * book change, no trade, in any market) for too long: a quiet book on a live venue is not lagging.
 */
function liveParts(core: BookCore, now: number, activity: VenueActivity): LiveParts {
  const venues = core.venues.map(({ listed, ...v }): VenueBookStatus => {
    const ageMs = Math.max(0, now - v.updatedAt);
    const silentMs = now - Math.max(v.updatedAt, activity.lastHeard(v.venue));
    return {
      venue: v.venue,
      updatedAt: v.updatedAt,
      ageMs,
      stale: !listed || silentMs > STALE_AFTER_MS,
      bestBid: v.bestBid,
      bestAsk: v.bestAsk,
      netted: v.netted,
    };
  });
  return { stale: venues.some((v) => v.stale), venues, time: now };
}

function levelView(level: AggregatedLevel, f: MarketFormat): BookLevelView {
  const venues: Record<string, string> = {};
  for (const name in level.venues) venues[name] = f.size(level.venues[name]!);
  return { price: f.price(level.price), size: f.size(level.size), total: f.size(level.cumulative), venues };
}
