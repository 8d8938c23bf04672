import { marketUnits, QUOTE_DECIMALS } from "../../engine/accounts/market-units";
import { toLots } from "../../engine/units";
import { parseDecimal, pow10, UnitError } from "../../decimal";
import type { Side } from "../../venues/venue";
import { mergeBooks } from "./book-merge";
import { allInOf, planRoute, type RoutePlan } from "../execution/smart-routing";
import { routeVenueInputs } from "../execution/routing-inputs";
import { MarketDataError } from "./errors";
import { formatAtoms, formatHalf, formatRatio, marketFormat } from "../units";
import { listedMarket, type MarketSource } from "./source";

export interface RouteLegView {
  venue: string;
  size: string;
  /** The leg's average price before fees. */
  avgPrice: string;
  /** The worst price the leg reaches: its limit or protection price. */
  worstPrice: string;
  fee: string;
}

export interface VenueQuoteView {
  venue: string;
  takerFeeBps: string;
  /** The venue's best price on the side taken, before and after its taker fee. */
  bestPrice: string | null;
  bestPriceAfterFee: string | null;
  /** The whole quantity on this venue alone. */
  fillable: string;
  complete: boolean;
  avgPrice: string | null;
  /** Average price per unit with the fee included. */
  avgPriceAfterFee: string | null;
}

export interface RoutingView {
  symbol: string;
  side: Side;
  quantity: string;
  /** Whether the quantity was given, or one lot assumed. */
  quantityGiven: boolean;
  filled: string;
  complete: boolean;
  bestVenue: string | null;
  legs: RouteLegView[];
  avgPrice: string | null;
  avgPriceAfterFees: string | null;
  mid: string | null;
  /** Against mid, positive when worse for the taker. */
  slippageBps: string | null;
  fees: string;
  notional: string;
  /** What the split saves against the best venue alone, quote currency; null when no venue alone fills the quantity. */
  savingVsBestVenue: string | null;
  venues: VenueQuoteView[];
  time: number;
}

/** Where to send a taker order of `quantity` (base units; one lot when absent), from the venues' in-memory books. */
export function routingRecommendation(source: MarketSource, symbol: string, side: Side, quantity?: string): RoutingView {
  const { spec, listings } = listedMarket(source, symbol);
  const f = marketFormat(spec);
  const lots = quantity === undefined ? 1 : parseQuantity(quantity, spec.lot);
  const inputs = routeVenueInputs(
    listings.map((l) => l.venue),
    symbol,
  );
  const plan = planRoute({ market: spec, side, quantityLots: lots, venues: inputs });
  // The aggregated book's mid (crossing venues netted), so the slippage matches the mid the book shows.
  const { bestBid, bestAsk } = mergeBooks(inputs, { depth: 0 }); // only the best prices: no level is built
  const midTimesTwo = bestBid === null || bestAsk === null ? null : bestBid + bestAsk;
  // Two decimals finer than the tick, so averages between ticks show.
  const priceScale = parseDecimal(spec.baseTick).scale + 2;
  const lot = parseDecimal(spec.lot);
  // Quote per base unit of `atoms` paid for `filled` lots: atoms · 10^lotScale / (lots · lotUnits · 10^6).
  const perUnit = (atoms: bigint, filled: number) =>
    filled === 0 ? null : formatRatio(atoms * pow10(lot.scale), BigInt(filled) * lot.units * pow10(QUOTE_DECIMALS), priceScale);
  return {
    symbol,
    side,
    quantity: f.size(lots),
    quantityGiven: quantity !== undefined,
    filled: f.size(plan.filledLots),
    complete: plan.complete,
    bestVenue: plan.bestVenue,
    legs: plan.legs.map((leg) => ({
      venue: leg.venue,
      size: f.size(leg.sizeLots),
      avgPrice: perUnit(leg.notional, leg.sizeLots)!,
      worstPrice: f.price(leg.worstPrice),
      fee: formatAtoms(leg.fee),
    })),
    avgPrice: perUnit(plan.notional, plan.filledLots),
    avgPriceAfterFees: perUnit(plan.allIn, plan.filledLots),
    mid: midTimesTwo === null ? null : formatHalf(midTimesTwo, spec.baseTick),
    slippageBps: midTimesTwo === null ? null : slippageBps(plan, midTimesTwo, marketUnits(spec.baseTick, spec.lot).atomsPerTickLot),
    fees: formatAtoms(plan.fees),
    notional: formatAtoms(plan.notional),
    savingVsBestVenue: plan.savingVsBestVenue === null ? null : formatAtoms(plan.savingVsBestVenue),
    venues: inputs.map((input, i) => {
      const single = plan.singleVenue[i]!;
      const best = (side === "BUY" ? input.asks : input.bids)[0];
      return {
        venue: input.venue,
        takerFeeBps: input.takerFeeBps,
        bestPrice: best === undefined ? null : f.price(best[0]),
        bestPriceAfterFee: best === undefined ? null : priceAfterFee(side, best[0], spec.baseTick, input.takerFeeBps, priceScale),
        fillable: f.size(single.filledLots),
        complete: single.complete,
        avgPrice: perUnit(single.notional, single.filledLots),
        avgPriceAfterFee: perUnit(allInOf(side, single.notional, single.fee), single.filledLots),
      };
    }),
    time: source.now(),
  };
}

/** price × (1 + fee) to buy, × (1 − fee) to sell, exactly, as a decimal string. */
function priceAfterFee(side: Side, priceTicks: number, baseTick: string, takerFeeBps: string, scale: number): string {
  const tick = parseDecimal(baseTick);
  const fee = parseDecimal(takerFeeBps);
  const whole = 10_000n * pow10(fee.scale);
  const factor = side === "BUY" ? whole + fee.units : whole - fee.units;
  return formatRatio(BigInt(priceTicks) * tick.units * factor, pow10(tick.scale) * whole, scale);
}

function parseQuantity(quantity: string, lot: string): number {
  try {
    const lots = toLots(quantity, lot);
    if (lots <= 0) throw new MarketDataError("invalid", `quantity must be positive`);
    return lots;
  } catch (err) {
    if (err instanceof UnitError)
      throw new MarketDataError("invalid", `quantity: ${err.code === "NOT_A_MULTIPLE" ? `must be a multiple of the lot size ${lot}` : err.message}`);
    throw err;
  }
}

/** (avg − mid) / mid in basis points, signed so that positive is worse for the taker. */
function slippageBps(plan: RoutePlan, midTimesTwo: number, atomsPerTickLot: bigint): string | null {
  if (plan.filledLots === 0) return null;
  // Twice the filled lots' notional at mid, in atoms, against twice the notional paid.
  const midTwice = BigInt(midTimesTwo) * BigInt(plan.filledLots) * atomsPerTickLot;
  const diff = plan.notional * 2n - midTwice;
  return formatRatio((plan.side === "BUY" ? diff : -diff) * 10_000n, midTwice, 2);
}
