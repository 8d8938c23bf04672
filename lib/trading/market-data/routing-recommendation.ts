import { marketUnits } from "../../engine/accounts/market-units";
import { toLots } from "../../engine/units";
import { UnitError } from "../../decimal";
import type { Side } from "../../venues/venue";
import { mergeBooks } from "./book-merge";
import { allInOf, planRoute, type RoutePlan } from "../execution/smart-routing";
import { routeVenueInputs } from "../execution/routing-inputs";
import { MarketDataError } from "./errors";
import { formatAtoms, formatHalf, formatRatio, marketFormat, priceAfterFee, pricePerUnit } from "../units";
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
      avgPrice: pricePerUnit(spec, leg.notional, leg.sizeLots)!,
      worstPrice: f.price(leg.worstPrice),
      fee: formatAtoms(leg.fee),
    })),
    avgPrice: pricePerUnit(spec, plan.notional, plan.filledLots),
    avgPriceAfterFees: pricePerUnit(spec, plan.allIn, plan.filledLots),
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
        bestPriceAfterFee: best === undefined ? null : priceAfterFee(spec, side, best[0], input.takerFeeBps),
        fillable: f.size(single.filledLots),
        complete: single.complete,
        avgPrice: pricePerUnit(spec, single.notional, single.filledLots),
        avgPriceAfterFee: pricePerUnit(spec, allInOf(side, single.notional, single.fee), single.filledLots),
      };
    }),
    time: source.now(),
  };
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
