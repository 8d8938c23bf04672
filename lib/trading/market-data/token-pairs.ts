import { formatDecimal, multiplyStep } from "../../decimal";
import { MARKETS } from "../../venues/catalog";
import type { Venue } from "../../venues/venue";
import { median } from "./candle-merge";
import { formatRatio, marketFormat } from "../units";
import { listingsOf, type MarketSource } from "./source";
import { MarketDataError } from "./errors";

const DAY = 86_400_000;

export interface PairVenueView {
  venue: string;
  venueSymbol: string;
  tickSize: string;
  lotSize: string;
  maxLeverage: number;
  /** Maintenance margin as basis points of the notional: below it, a position is liquidated. */
  maintenanceMarginBps: number;
  makerFeeBps: string;
  takerFeeBps: string;
  markPrice: string | null;
  /** This hour's funding rate as a fraction (0.0001 = 1 bp), longs pay shorts when positive. */
  fundingRate: string | null;
  nextFundingAt: number | null;
}

export interface TokenPairView {
  symbol: string;
  base: string;
  quote: string;
  /** The smallest price step on any venue; the book's prices are multiples of it. */
  tickSize: string;
  lotSize: string;
  maxLeverage: number;
  /** Median of the venues' marks. */
  markPrice: string | null;
  indexPrice: string | null;
  /** Mean of the venues' hourly funding rates. */
  fundingRate: string | null;
  /** Median of the venues' last prices. */
  lastPrice: string | null;
  /** Base units traded on all venues in the last 24 hours. */
  volume24h: string;
  /** Percent change of the median price over 24 hours, two decimals. */
  change24h: string | null;
  venues: PairVenueView[];
}

/** How long a computed list is served again: reading a day of candles for every market costs milliseconds. */
export const TOKEN_PAIRS_TTL_MS = 1_000;
const cache = new WeakMap<MarketSource["venues"], { at: number; pairs: TokenPairView[] }>();

/** Every market listed by at least one venue, with its venues' terms and the last 24 hours; at most a second old. */
export function tokenPairs(source: MarketSource): TokenPairView[] {
  if (source.venues.length === 0) throw new MarketDataError("unavailable", "market data is unavailable: no venue is connected (VENUES=off)");
  const now = source.now();
  const cached = cache.get(source.venues);
  if (cached !== undefined && now >= cached.at && now - cached.at < TOKEN_PAIRS_TTL_MS) return cached.pairs;
  const pairs = readPairs(source.venues, now);
  cache.set(source.venues, { at: now, pairs });
  return pairs;
}

function readPairs(venues: MarketSource["venues"], now: number): TokenPairView[] {
  const out: TokenPairView[] = [];
  for (const spec of MARKETS) {
    const listings = listingsOf(venues, spec.symbol);
    if (listings.length === 0) continue;
    const f = marketFormat(spec);
    const tickers = listings.map(({ venue }) => venue.ticker(spec.symbol));
    const marks = tickers.flatMap((t) => (t && t.markPrice > 0 ? [t.markPrice] : []));
    const rates = tickers.flatMap((t) => (t ? [t.fundingRateE8] : []));
    const day = lastDay(
      listings.map((l) => l.venue),
      spec.symbol,
      now,
    );
    out.push({
      symbol: spec.symbol,
      base: spec.base,
      quote: spec.quote,
      tickSize: spec.baseTick,
      lotSize: spec.lot,
      maxLeverage: spec.maxLeverage,
      markPrice: marks.length > 0 ? f.price(median(marks)) : null,
      indexPrice: tickers[0] && tickers[0].indexPrice > 0 ? f.price(tickers[0].indexPrice) : null,
      fundingRate:
        rates.length > 0
          ? formatRatio(
              rates.reduce((s, r) => s + r, 0n),
              BigInt(rates.length) * 100_000_000n,
              8,
            )
          : null,
      lastPrice: day.last === null ? null : f.price(day.last),
      volume24h: f.size(day.volumeLots),
      change24h: day.first === null || day.last === null ? null : formatRatio(BigInt(day.last - day.first) * 100n, BigInt(day.first), 2),
      venues: listings.map(({ venue, market }, i) => {
        const ticker = tickers[i];
        return {
          venue: venue.name,
          venueSymbol: market.venueSymbol,
          tickSize: multiplyStep(spec.baseTick, market.tickMultiple),
          lotSize: multiplyStep(spec.lot, market.lotMultiple),
          maxLeverage: market.maxLeverage,
          maintenanceMarginBps: market.maintenanceMarginBps,
          makerFeeBps: market.makerFeeBps,
          takerFeeBps: market.takerFeeBps,
          markPrice: ticker && ticker.markPrice > 0 ? f.price(ticker.markPrice) : null,
          fundingRate: ticker ? formatDecimal({ units: ticker.fundingRateE8, scale: 8 }) : null,
          nextFundingAt: ticker?.nextFundingAt ?? null,
        };
      }),
    });
  }
  return out;
}

/** Median price 24 hours ago and now, and the volume in between, from the venues' one-minute candles. */
function lastDay(venues: readonly Venue[], symbol: string, now: number): { first: number | null; last: number | null; volumeLots: number } {
  const opens: number[] = [];
  const closes: number[] = [];
  let volumeLots = 0;
  for (const venue of venues) {
    const candles = venue.candles(symbol, now - DAY, now + 1);
    if (candles.length === 0) continue;
    opens.push(candles[0]!.open);
    closes.push(candles.at(-1)!.close);
    for (const c of candles) volumeLots += c.volumeLots;
  }
  return { first: opens.length > 0 ? median(opens) : null, last: closes.length > 0 ? median(closes) : null, volumeLots };
}
