import { candlesInRange } from "../candle-range";
import type { MarketRisk } from "../../engine/accounts/margin";
import { marketUnits, QUOTE_DECIMALS } from "../../engine/accounts/market-units";
import { OrderBook } from "../../engine/order-book";
import type { MarketSpec, VenueProfile } from "../catalog";
import type { VenueCandle, VenueMarket, VenueTrade } from "../venue";
import type { Ladder } from "./market-maker";

const MINUTE = 60_000;
const TAPE_SIZE = 1_000;
/** Seven days and a day of one-minute candles. */
const CANDLES_KEPT = 8 * 24 * 60;

/** One market on one simulated venue: its book, its market maker's quotes, tape, candles, mark and funding. */
export class SimMarket {
  readonly book: OrderBook;
  readonly info: VenueMarket;
  readonly risk: MarketRisk;
  /** The market maker's live quotes: price → its order. */
  readonly quotes = { bids: new Map<number, { orderId: string; lots: number }>(), asks: new Map<number, { orderId: string; lots: number }>() };
  /** Newest last; a ring trimmed to TAPE_SIZE. */
  private readonly tape: VenueTrade[] = [];
  private readonly candleList: VenueCandle[] = [];
  /** The venue's premium over the index, in basis points (drifts around the venue's mean). */
  basisBps: number;
  indexPrice = 0;
  markPrice = 0;
  /** The venue's fair value in base ticks, fractional; where its market maker centres its quotes. */
  fair = 0;
  premiumSamplesE8: bigint[] = [];
  fundingRateE8 = 0n;
  bookUpdatedAt = 0;
  nextQuoteAt = 0;

  constructor(
    readonly spec: MarketSpec,
    readonly venue: VenueProfile,
    positionOf: (owner: string) => number,
  ) {
    this.book = new OrderBook({
      tickSize: spec.baseTick,
      lotSize: spec.lot,
      quoteUnit: `0.${"0".repeat(QUOTE_DECIMALS - 1)}1`,
      makerFeeBps: String(venue.makerFeeBps),
      takerFeeBps: String(venue.takerFeeBps),
      positionOf,
    });
    this.info = {
      symbol: spec.symbol,
      venueSymbol: venueSymbol(spec, venue),
      tickMultiple: venue.tickMultiple,
      lotMultiple: 1,
      maxLeverage: spec.maxLeverage,
      maintenanceMarginBps: spec.maintenanceMarginBps,
      makerFeeBps: String(venue.makerFeeBps),
      takerFeeBps: String(venue.takerFeeBps),
    };
    this.risk = { units: marketUnits(spec.baseTick, spec.lot), maxLeverage: spec.maxLeverage, maintenanceMarginBps: spec.maintenanceMarginBps };
    this.basisBps = venue.basisBps.mean;
  }

  quoteLadders(): { bids: Ladder; asks: Ladder } {
    const lots = (m: Map<number, { lots: number }>) => new Map([...m].map(([p, q]) => [p, q.lots]));
    return { bids: lots(this.quotes.bids), asks: lots(this.quotes.asks) };
  }

  /** Seeds the candles with history (oldest first, in base ticks). */
  loadHistory(candles: readonly VenueCandle[]): void {
    this.candleList.length = 0;
    this.candleList.push(...candles.slice(-CANDLES_KEPT));
  }

  recordTrade(trade: VenueTrade): void {
    this.tape.push(trade);
    if (this.tape.length > TAPE_SIZE * 2) this.tape.splice(0, this.tape.length - TAPE_SIZE);
    const candle = this.candleAt(trade.time);
    candle.high = Math.max(candle.high, trade.price);
    candle.low = Math.min(candle.low, trade.price);
    candle.close = trade.price;
    candle.volumeLots += trade.size;
  }

  /** Makes sure a candle exists for every minute up to `now`, flat at the last close where nothing traded. */
  rollCandles(now: number): void {
    this.candleAt(now);
  }

  recentTrades(limit: number): VenueTrade[] {
    const out: VenueTrade[] = [];
    for (let i = this.tape.length - 1; i >= 0 && out.length < limit; i--) out.push(this.tape[i]!);
    return out;
  }

  candles(from: number, to: number): VenueCandle[] {
    return candlesInRange(this.candleList, from, to);
  }

  lastClose(): number | undefined {
    return this.candleList.at(-1)?.close;
  }

  private candleAt(time: number): VenueCandle {
    const minute = Math.floor(time / MINUTE) * MINUTE;
    let last = this.candleList.at(-1);
    if (last !== undefined && last.time === minute) return last;
    const fallback = this.markPrice > 0 ? this.markPrice : Math.max(1, Math.round(this.fair));
    // Fill skipped minutes with flat candles so charts have no holes.
    for (let t = last === undefined ? minute : last.time + MINUTE; t <= minute; t += MINUTE) {
      const close = last?.close ?? fallback;
      last = { time: t, open: close, high: close, low: close, close, volumeLots: 0 };
      this.candleList.push(last);
    }
    if (this.candleList.length > CANDLES_KEPT + 1_440) this.candleList.splice(0, this.candleList.length - CANDLES_KEPT);
    return last!;
  }
}

/** The venue's own spelling of a market: each venue has its habit, as real ones do. */
export function venueSymbol(spec: MarketSpec, venue: VenueProfile): string {
  switch (venue.name) {
    case "alder":
      return `${spec.base}-PERP`;
    case "birch":
      return `${spec.base}USDT`;
    default:
      return `${spec.base}_USD_PERP`;
  }
}
