// The aggregated book: the venues' books merged level by level. Pure; prices in base ticks, sizes in lots.
//
// Venues do not trade with each other, so their books often cross (one venue's bid above another's
// ask, when their premiums over the index differ by more than their spreads). A crossed book has no
// meaningful spread, mid or grouping, so the merge nets the crossed part as one book would have matched
// it and reports what it netted per venue: shown + netted = what each venue quotes, for every venue.

import type { BookLevel, Side } from "../venues/venue";

export interface VenueBookInput {
  venue: string;
  /** Best first. */
  bids: readonly BookLevel[];
  asks: readonly BookLevel[];
}

export interface AggregatedLevel {
  /** Base ticks: the level's price, or its group's price when grouped. */
  price: number;
  /** Lots across venues. */
  size: number;
  /** Running total of size from the best level to this one, lots. */
  cumulative: number;
  /** Lots per venue, only venues with some size here. */
  venues: Record<string, number>;
}

export interface AggregatedBook {
  /** Best first; at most `depth` levels each. */
  bids: AggregatedLevel[];
  asks: AggregatedLevel[];
  /** Best prices after netting, ungrouped (base ticks). */
  bestBid: number | null;
  bestAsk: number | null;
  /** Whether the venues' books crossed before netting. */
  crossed: boolean;
  /** Lots netted away per venue and side (present for every venue, zero when nothing crossed). */
  netted: Record<string, { bids: number; asks: number }>;
}

export interface MergeOptions {
  /** Group width in base ticks (≥ 1): bids round down to a multiple of it and asks up, so groups never overlap. */
  group?: number;
  /** Levels per side (after grouping); unlimited when absent. */
  depth?: number;
}

/** One venue's level during the merge. */
interface Entry {
  price: number;
  size: number;
  venue: number;
}

/** Merges the venues' books: a k-way merge per side, netting of any cross, then grouping and depth. */
export function mergeBooks(books: readonly VenueBookInput[], options: MergeOptions = {}): AggregatedBook {
  const group = options.group ?? 1;
  if (!Number.isSafeInteger(group) || group < 1) throw new RangeError(`group must be a positive whole number of ticks, got ${group}`);
  const depth = options.depth ?? Infinity;
  const bids = kWayMerge(books.map((b, i) => toEntries(b.bids, i)), (a, b) => b.price - a.price);
  const asks = kWayMerge(books.map((b, i) => toEntries(b.asks, i)), (a, b) => a.price - b.price);
  const netted = books.map(() => ({ bids: 0, asks: 0 }));
  const crossed = netCross(bids, asks, netted);
  const shownBids = bids.filter((e) => e.size > 0);
  const shownAsks = asks.filter((e) => e.size > 0);
  const names = books.map((b) => b.venue);
  return {
    bids: groupLevels(shownBids, "BUY", group, depth, names),
    asks: groupLevels(shownAsks, "SELL", group, depth, names),
    bestBid: shownBids[0]?.price ?? null,
    bestAsk: shownAsks[0]?.price ?? null,
    crossed,
    netted: Object.fromEntries(names.map((n, i) => [n, netted[i]!])),
  };
}

/** Bids round down to the group, asks up: the group price a level falls in. */
export function groupPrice(price: number, side: Side, group: number): number {
  return side === "BUY" ? Math.floor(price / group) * group : Math.ceil(price / group) * group;
}

/**
 * Merges lists that are each sorted by `compare` into one sorted list. Ties keep the order of the lists.
 * With the three venues of a market, comparing the heads directly beats a heap.
 */
export function kWayMerge<T>(lists: readonly (readonly T[])[], compare: (a: T, b: T) => number): T[] {
  const out: T[] = [];
  const next = lists.map(() => 0);
  for (;;) {
    let pick = -1;
    for (let i = 0; i < lists.length; i++) {
      const head = lists[i]![next[i]!];
      if (head !== undefined && (pick < 0 || compare(head, lists[pick]![next[pick]!]!) < 0)) pick = i;
    }
    if (pick < 0) return out;
    out.push(lists[pick]![next[pick]!]!);
    next[pick]!++;
  }
}

function toEntries(levels: readonly BookLevel[], venue: number): Entry[] {
  const out: Entry[] = [];
  for (const [price, size] of levels) if (size > 0) out.push({ price, size, venue });
  return out;
}

/** Matches crossing bids and asks best against best, as one book would have; returns whether anything crossed. */
function netCross(bids: Entry[], asks: Entry[], netted: { bids: number; asks: number }[]): boolean {
  let i = 0;
  let j = 0;
  let crossed = false;
  while (i < bids.length && j < asks.length && bids[i]!.price >= asks[j]!.price) {
    crossed = true;
    const bid = bids[i]!;
    const ask = asks[j]!;
    const size = Math.min(bid.size, ask.size);
    bid.size -= size;
    ask.size -= size;
    netted[bid.venue]!.bids += size;
    netted[ask.venue]!.asks += size;
    if (bid.size === 0) i++;
    if (ask.size === 0) j++;
  }
  return crossed;
}

function groupLevels(entries: readonly Entry[], side: Side, group: number, depth: number, names: readonly string[]): AggregatedLevel[] {
  const levels: AggregatedLevel[] = [];
  let cumulative = 0;
  let current: AggregatedLevel | undefined;
  for (const e of entries) {
    const price = groupPrice(e.price, side, group);
    if (current === undefined || current.price !== price) {
      if (levels.length === depth) break;
      current = { price, size: 0, cumulative, venues: {} };
      levels.push(current);
    }
    const name = names[e.venue]!;
    current.size += e.size;
    current.venues[name] = (current.venues[name] ?? 0) + e.size;
    cumulative += e.size;
    current.cumulative = cumulative;
  }
  return levels;
}
