// The aggregated book: the venues' books merged level by level. Pure; prices in base ticks, sizes in lots.
//
// Venues do not trade with each other, so their books often cross (one venue's bid above another's
// ask, when their premiums over the index differ by more than their spreads). A crossed book has no
// meaningful spread, mid or grouping, so the merge nets the crossed part as one book would have matched
// it and reports what it netted per venue: shown + netted = what each venue quotes, for every venue.

import type { BookLevel, Side } from "../../venues/venue";

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
  /** Levels per side (after grouping); unlimited when absent, none with 0 (the best prices and netting only). */
  depth?: number;
}

/**
 * Merges the venues' books: per side a k-way merge read on demand, netting of any cross, then grouping
 * until `depth` levels. Only the levels shown (and those netted) are read, so a shallow answer from
 * deep books costs little.
 */
export function mergeBooks(books: readonly VenueBookInput[], options: MergeOptions = {}): AggregatedBook {
  const group = options.group ?? 1;
  if (!Number.isSafeInteger(group) || group < 1) throw new RangeError(`group must be a positive whole number of ticks, got ${group}`);
  const depth = options.depth ?? Infinity;
  const bids = new MergedSide(
    books.map((b) => b.bids),
    "BUY",
  );
  const asks = new MergedSide(
    books.map((b) => b.asks),
    "SELL",
  );
  const netted = books.map(() => ({ bids: 0, asks: 0 }));
  const crossed = netCross(bids, asks, netted);
  const bestBid = bids.bestPrice();
  const bestAsk = asks.bestPrice();
  const names = books.map((b) => b.venue);
  return {
    bids: groupLevels(bids, group, depth, names),
    asks: groupLevels(asks, group, depth, names),
    bestBid,
    bestAsk,
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

/**
 * One side of every venue's book, best first across venues, consumed level by level. Each venue's head
 * keeps what is left of its level after netting. Ties in price go to the earlier venue.
 */
class MergedSide {
  private readonly next: number[];
  private readonly left: number[];

  constructor(
    private readonly lists: readonly (readonly BookLevel[])[],
    readonly side: Side,
  ) {
    this.next = lists.map(() => -1);
    this.left = lists.map(() => 0);
    for (let v = 0; v < lists.length; v++) this.advance(v);
  }

  /** The venue whose head level is best, or -1 when every venue is exhausted. */
  best(): number {
    let pick = -1;
    for (let v = 0; v < this.lists.length; v++) {
      if (this.left[v] === 0) continue;
      if (pick < 0 || (this.side === "BUY" ? this.price(v) > this.price(pick) : this.price(v) < this.price(pick))) pick = v;
    }
    return pick;
  }

  /** The best price left on this side, or null. */
  bestPrice(): number | null {
    const v = this.best();
    return v < 0 ? null : this.price(v);
  }

  price(venue: number): number {
    return this.lists[venue]![this.next[venue]!]![0];
  }

  size(venue: number): number {
    return this.left[venue]!;
  }

  /** Takes `size` lots from the venue's head level, moving to its next level when none are left. */
  take(venue: number, size: number): void {
    this.left[venue]! -= size;
    if (this.left[venue] === 0) this.advance(venue);
  }

  private advance(venue: number): void {
    const levels = this.lists[venue]!;
    let i = this.next[venue]! + 1;
    while (i < levels.length && levels[i]![1] <= 0) i++;
    this.next[venue] = i;
    this.left[venue] = i < levels.length ? levels[i]![1] : 0;
  }
}

/** Matches crossing bids and asks best against best, as one book would have; returns whether anything crossed. */
function netCross(bids: MergedSide, asks: MergedSide, netted: { bids: number; asks: number }[]): boolean {
  let crossed = false;
  for (;;) {
    const b = bids.best();
    const a = asks.best();
    if (b < 0 || a < 0 || bids.price(b) < asks.price(a)) return crossed;
    crossed = true;
    const size = Math.min(bids.size(b), asks.size(a));
    bids.take(b, size);
    asks.take(a, size);
    netted[b]!.bids += size;
    netted[a]!.asks += size;
  }
}

function groupLevels(side: MergedSide, group: number, depth: number, names: readonly string[]): AggregatedLevel[] {
  const levels: AggregatedLevel[] = [];
  let cumulative = 0;
  let current: AggregatedLevel | undefined;
  for (let v = side.best(); v >= 0; v = side.best()) {
    const price = groupPrice(side.price(v), side.side, group);
    if (current === undefined || current.price !== price) {
      if (levels.length === depth) break;
      current = { price, size: 0, cumulative, venues: {} };
      levels.push(current);
    }
    const size = side.size(v);
    const name = names[v]!;
    current.size += size;
    current.venues[name] = (current.venues[name] ?? 0) + size;
    cumulative += size;
    current.cumulative = cumulative;
    side.take(v, size);
  }
  return levels;
}
