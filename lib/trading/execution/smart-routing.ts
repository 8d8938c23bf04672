// Smart routing: where to send a taker order of a given size so that its average price after taker
// fees is best. Pure: it reads books passed in and does no I/O.
//
// Why greedy is optimal: a taker fee is a fixed fraction of notional on each venue, so every level of
// every venue has one all-in price (price × (1 ± fee)); filling a quantity at the lowest total cost
// (highest proceeds for a sell) is a fractional-knapsack over those levels, which taking the best
// all-in level first solves exactly. Fees here are computed per leg; a venue that charges per fill
// may round up by less than one quote atom per fill more.

import { feeFn } from "../../engine/fees";
import { marketUnits, QUOTE_DECIMALS, type MarketUnits } from "../../engine/accounts/market-units";
import { parseDecimal, pow10 } from "../../decimal";
import type { BookLevel, Side } from "../../venues/venue";

/** The market's base units: the books' prices are base ticks, their sizes lots. */
export interface RouteMarket {
  /** The base tick as a decimal string, e.g. "0.1" (lib/venues/catalog MarketSpec.baseTick). */
  baseTick: string;
  /** The lot as a decimal string, e.g. "0.0001" (MarketSpec.lot). */
  lot: string;
}

/** One venue's book as routing needs it (a VenueBook fits) and its taker fee. */
export interface RouteVenueInput {
  venue: string;
  /** Taker fee in basis points as a decimal string (VenueMarket.takerFeeBps); negative is a rebate. */
  takerFeeBps: string;
  /** Best first, [base ticks, lots]. */
  bids: readonly BookLevel[];
  asks: readonly BookLevel[];
}

export interface RouteInput {
  market: RouteMarket;
  side: Side;
  /** Lots to fill: a positive safe integer. */
  quantityLots: number;
  /** The venues allowed to take part; pass a subset to route over fewer (e.g. a preferred venue). */
  venues: readonly RouteVenueInput[];
}

/** The part of the order one venue gets. */
export interface RouteLeg {
  venue: string;
  /** Whole lots, > 0. */
  sizeLots: number;
  /** The first price the leg takes (base ticks, on the venue's own tick grid). */
  bestPrice: number;
  /**
   * The last, worst price the leg takes (base ticks, on the venue's tick grid): the limit price of an
   * IOC limit order, or the protection price of a market order, that fills this leg as planned.
   */
  worstPrice: number;
  /** Σ price × size in quote atoms (1e-6 USD). */
  notional: bigint;
  /** Expected taker fee in quote atoms (negative: a rebate). */
  fee: bigint;
}

/** What one venue alone would do with the whole quantity. */
export interface SingleVenueFill {
  venue: string;
  filledLots: number;
  /** Whether the venue's book holds the whole quantity. */
  complete: boolean;
  notional: bigint;
  fee: bigint;
}

export interface RoutePlan {
  side: Side;
  requestedLots: number;
  /** Lots the books can fill (less than requested when every book together is too thin). */
  filledLots: number;
  complete: boolean;
  /** Largest first; empty when no book has liquidity on the side taken. */
  legs: RouteLeg[];
  /** Σ of the legs, quote atoms. */
  notional: bigint;
  fees: bigint;
  /**
   * The all-in cost of a buy (notional + fees) or the all-in proceeds of a sell (notional − fees), in
   * quote atoms, for comparing plans.
   */
  allIn: bigint;
  /** Best bid + best ask across the given venues, in base ticks (twice the mid, so it stays whole); null when a side is empty. */
  midTimesTwo: number | null;
  /**
   * The venue that alone fills the whole quantity at the best all-in price; when none can, the one
   * that fills the most. null when no venue has liquidity on the side taken.
   */
  bestVenue: string | null;
  /** Every venue on its own, in input order. */
  singleVenue: SingleVenueFill[];
  /**
   * Quote atoms the split saves against the best single venue that fills the whole quantity (≥ 0);
   * null when no single venue can.
   */
  savingVsBestVenue: bigint | null;
}

const QUOTE_UNIT = `0.${"0".repeat(QUOTE_DECIMALS - 1)}1`;

/**
 * Plans a taker order across venues: takes the best all-in level of any venue first until the quantity
 * is filled, then groups what it took into one leg per venue. Each leg's `worstPrice` is the price to
 * send it with (limit or protection), so executing the legs cannot fill worse than planned.
 */
export function planRoute(input: RouteInput): RoutePlan {
  const { market, side, quantityLots } = input;
  if (!Number.isSafeInteger(quantityLots) || quantityLots <= 0) throw new RangeError(`quantityLots must be a positive safe integer, got ${quantityLots}`);
  const fees = venueFees(market, input.venues);
  const taken = takeBest(side, quantityLots, input.venues, fees.allInFactors);
  const legs = input.venues
    .map((v, i) => legOf(v.venue, taken[i]!, fees, i))
    .filter((l): l is RouteLeg => l !== null)
    .sort((a, b) => b.sizeLots - a.sizeLots || a.venue.localeCompare(b.venue));
  const notional = legs.reduce((s, l) => s + l.notional, 0n);
  const totalFees = legs.reduce((s, l) => s + l.fee, 0n);
  const filledLots = legs.reduce((s, l) => s + l.sizeLots, 0);

  const singleVenue = input.venues.map((v, i) => {
    const fill = takeBest(side, quantityLots, [v], [fees.allInFactors[i]!])[0]!;
    const tickLots = ticksTimesLots(fill);
    return {
      venue: v.venue,
      filledLots: lotsOf(fill),
      complete: lotsOf(fill) === quantityLots,
      notional: tickLots * fees.units.atomsPerTickLot,
      fee: fees.feeOf[i]!(tickLots),
    };
  });
  const allIn = allInOf(side, notional, totalFees);
  const best = bestSingle(side, singleVenue);
  return {
    side,
    requestedLots: quantityLots,
    filledLots,
    complete: filledLots === quantityLots,
    legs,
    notional,
    fees: totalFees,
    allIn,
    midTimesTwo: midTimesTwo(input.venues),
    bestVenue: best?.venue ?? null,
    singleVenue,
    savingVsBestVenue: best?.complete === true && filledLots === quantityLots ? saving(side, allInOf(side, best.notional, best.fee), allIn) : null,
  };
}

/** The all-in cost (buy) or proceeds (sell) of a fill, quote atoms. */
export function allInOf(side: Side, notional: bigint, fee: bigint): bigint {
  return side === "BUY" ? notional + fee : notional - fee;
}

// ---- internals ---------------------------------------------------------------------------------------

/** [price, lots] taken from one venue, best first. */
type Taken = [price: number, lots: number][];

interface VenueFees {
  units: MarketUnits;
  /** Per venue: fee in quote atoms of Σ price × size (ticks × lots). */
  feeOf: ((tickLots: bigint) => bigint)[];
  /** Per venue: 10 000·10^s ± bps·10^s, so price × factor orders levels by all-in price exactly. */
  allInFactors: { buy: bigint; sell: bigint }[];
}

function venueFees(market: RouteMarket, venues: readonly RouteVenueInput[]): VenueFees {
  const bps = venues.map((v) => parseDecimal(v.takerFeeBps));
  const scale = Math.max(0, ...bps.map((b) => b.scale));
  const one = 10_000n * pow10(scale);
  return {
    units: marketUnits(market.baseTick, market.lot),
    feeOf: venues.map((v) => feeFn({ tickSize: market.baseTick, lotSize: market.lot, quoteUnit: QUOTE_UNIT }, v.takerFeeBps)),
    allInFactors: bps.map((b) => {
      const rate = b.units * pow10(scale - b.scale);
      return { buy: one + rate, sell: one - rate };
    }),
  };
}

/**
 * A k-way merge over the venues' sides by all-in price, taking levels until `lots` are filled.
 * Within one venue the all-in order is the price order, so only the venues' heads compete.
 */
function takeBest(side: Side, lots: number, venues: readonly RouteVenueInput[], factors: readonly { buy: bigint; sell: bigint }[]): Taken[] {
  const taken: Taken[] = venues.map(() => []);
  const next = venues.map(() => 0);
  const levelsOf = (i: number) => (side === "BUY" ? venues[i]!.asks : venues[i]!.bids);
  let left = lots;
  while (left > 0) {
    let pick = -1;
    let pickKey = 0n;
    for (let i = 0; i < venues.length; i++) {
      const level = levelsOf(i)[next[i]!];
      if (level === undefined) continue;
      const key = BigInt(level[0]) * (side === "BUY" ? factors[i]!.buy : factors[i]!.sell);
      if (pick < 0 || (side === "BUY" ? key < pickKey : key > pickKey)) {
        pick = i;
        pickKey = key;
      }
    }
    if (pick < 0) break;
    const [price, size] = levelsOf(pick)[next[pick]!]!;
    next[pick]!++;
    if (size <= 0) continue;
    const take = Math.min(size, left);
    taken[pick]!.push([price, take]);
    left -= take;
  }
  return taken;
}

function lotsOf(taken: Taken): number {
  return taken.reduce((s, [, l]) => s + l, 0);
}

function ticksTimesLots(taken: Taken): bigint {
  return taken.reduce((s, [p, l]) => s + BigInt(p) * BigInt(l), 0n);
}

function legOf(venue: string, taken: Taken, fees: VenueFees, index: number): RouteLeg | null {
  if (taken.length === 0) return null;
  const tickLots = ticksTimesLots(taken);
  return {
    venue,
    sizeLots: lotsOf(taken),
    bestPrice: taken[0]![0],
    worstPrice: taken.at(-1)![0],
    notional: tickLots * fees.units.atomsPerTickLot,
    fee: fees.feeOf[index]!(tickLots),
  };
}

function bestSingle(side: Side, fills: readonly SingleVenueFill[]): SingleVenueFill | undefined {
  let best: SingleVenueFill | undefined;
  for (const f of fills) {
    if (f.filledLots === 0) continue;
    if (best === undefined) best = f;
    else if (f.complete !== best.complete) best = f.complete ? f : best;
    else if (!f.complete) best = f.filledLots > best.filledLots ? f : best;
    else if (side === "BUY" ? f.notional + f.fee < best.notional + best.fee : f.notional - f.fee > best.notional - best.fee) best = f;
  }
  return best;
}

function saving(side: Side, single: bigint, split: bigint): bigint {
  const s = side === "BUY" ? single - split : split - single;
  return s > 0n ? s : 0n;
}

function midTimesTwo(venues: readonly RouteVenueInput[]): number | null {
  let bid: number | undefined;
  let ask: number | undefined;
  for (const v of venues) {
    const b = v.bids[0]?.[0];
    const a = v.asks[0]?.[0];
    if (b !== undefined && (bid === undefined || b > bid)) bid = b;
    if (a !== undefined && (ask === undefined || a < ask)) ask = a;
  }
  return bid === undefined || ask === undefined ? null : bid + ask;
}
