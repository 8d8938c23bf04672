// How a fake market moves between requests: its market maker requotes around the fair value, a taker
// now and then trades against it, and the mark, index and funding rate follow.
import { hourlyFundingRateE8, premiumE8 } from "../../../engine/accounts/funding";
import { TAKER_FLOW } from "../../../engine/sim/taker-flow";
import type { Rng } from "../../../engine/sim/rng";
import type { MatchResult, OrderRequest } from "../../../engine/types";
import { desiredQuotes, quoteChanges } from "../../sim/market-maker";
import type { FakeMarket } from "./fake-market";

/** The participants the fake plays itself; they hold no account. */
export const MARKET_MAKER = "@market-maker";
export const TAKER = "@taker";

/** Dollars at the best bid and at the best ask. */
const TOUCH_NOTIONAL_USD = 15_000;
const LEVELS = 20;
/** Distance between quoted levels and from the fair value to the touch, as a share of the price. */
const LEVEL_SPACING = 0.00002;
/** Chance per step that a taker trades. */
const TAKER_CHANCE = 0.6;
const FUNDING = { convergenceHours: 8, capE8: 50_000 };
const BASIS_REVERSION_PER_SECOND = Math.log(2) / 3_600;

/** How the fake's own participants reach the book: what they do is booked and announced like anyone's. */
export interface Participant {
  submit(order: OrderRequest): MatchResult;
  cancel(orderId: string): void;
  nextId(): string;
}

/** Moves the market maker's quotes to where it wants them around the fair value. */
export function requote(market: FakeMarket, trader: Participant): void {
  const { sim, spec } = market;
  forgetGoneQuotes(market);
  const lotsAtTouch = Math.max(1, Math.round(TOUCH_NOTIONAL_USD / (sim.fair * Number(spec.tickSize) * Number(spec.lotSize))));
  const spacing = Math.max(1, Math.round(sim.fair * LEVEL_SPACING));
  const desired = desiredQuotes(sim.fair, { tickMultiple: spacing, levels: LEVELS, lotsAtTouch, halfSpread: sim.fair * LEVEL_SPACING });
  const { cancel, place } = quoteChanges(sim.quoteLadders(), desired);
  for (const gone of cancel) {
    const quotes = gone.side === "BUY" ? sim.quotes.bids : sim.quotes.asks;
    const quote = quotes.get(gone.price);
    quotes.delete(gone.price);
    if (quote !== undefined) trader.cancel(quote.orderId);
  }
  for (const quote of place) {
    const orderId = trader.nextId();
    const result = trader.submit({
      id: orderId,
      owner: MARKET_MAKER,
      side: quote.side,
      type: "LIMIT",
      price: quote.price,
      size: quote.lots,
      timeInForce: "GTC",
    });
    if (result.ack.openSize > 0) (quote.side === "BUY" ? sim.quotes.bids : sim.quotes.asks).set(quote.price, { orderId, lots: result.ack.openSize });
  }
}

/** Drops quotes that takers filled or that left the book, and reads what is left of the others. */
function forgetGoneQuotes(market: FakeMarket): void {
  for (const quotes of [market.sim.quotes.bids, market.sim.quotes.asks]) {
    for (const [price, quote] of quotes) {
      const live = market.sim.book.order(quote.orderId);
      if (live === undefined) quotes.delete(price);
      else quote.lots = live.openSize;
    }
  }
}

/** Now and then a market order of a log-normal size, either way. */
export function takerTrade(market: FakeMarket, rng: Rng, trader: Participant): void {
  if (rng.next() >= TAKER_CHANCE) return;
  const side = rng.next() < 0.5 ? "BUY" : "SELL";
  const usd = TAKER_FLOW.medianNotionalUsd * Math.exp(TAKER_FLOW.sizeSigma * rng.normal());
  const lots = Math.max(1, Math.round(usd / (market.sim.fair * Number(market.spec.tickSize) * Number(market.spec.lotSize))));
  trader.submit({ id: trader.nextId(), owner: TAKER, side, type: "MARKET", size: lots });
}

/** The basis drifts around its mean; the mark is the fair value held inside the touch; funding follows the premium over the hour. */
export function markAndFunding(market: FakeMarket, rng: Rng, seconds: number): void {
  const { sim } = market;
  const { mean, sd } = sim.venue.basisBps;
  const reversion = BASIS_REVERSION_PER_SECOND * seconds;
  sim.basisBps += reversion * (mean - sim.basisBps) + sd * Math.sqrt(2 * reversion) * rng.normal();
  const fair = Math.max(1, Math.round(sim.fair));
  const bid = sim.book.bestBid() ?? fair;
  const ask = sim.book.bestAsk() ?? fair;
  sim.markPrice = Math.min(Math.max(fair, bid), Math.max(ask, bid));
  sim.indexPrice = Math.max(1, Math.round(sim.fair / (1 + sim.basisBps / 10_000)));
  sim.premiumSamplesE8.push(premiumE8(sim.markPrice, sim.indexPrice));
  const samplesPerHour = Math.max(1, Math.round(3_600 / seconds));
  if (sim.premiumSamplesE8.length > samplesPerHour) sim.premiumSamplesE8.splice(0, sim.premiumSamplesE8.length - samplesPerHour);
  sim.fundingRateE8 = hourlyFundingRateE8(sim.premiumSamplesE8, FUNDING);
}
