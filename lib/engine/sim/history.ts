import { PriceProcess, REGIMES, type ProcessState, type SymbolModel } from "./price-process";
import { expectedTakerNotionalPerMinute } from "./taker-flow";
import { createRng } from "./rng";

/** One minute of trading on one venue, in the venue's integer units. */
export interface Candle {
  /** Start of the minute, ms since the epoch. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volumeLots: number;
}

export interface BackfillVenue {
  name: string;
  basisBps: { mean: number; sd: number };
  depthScale: number;
  /** Tick size and lot size per symbol, as numbers (model space: only used to round to ticks and lots). */
  units: Record<string, { tick: number; lot: number }>;
}

export interface BackfillInput {
  models: readonly SymbolModel[];
  venues: readonly BackfillVenue[];
  seed: number;
  /** The end of history (exclusive), ms; rounded down to the minute. */
  endMs: number;
  minutes: number;
  /** Typical traded notional per minute per symbol on a reference venue, in quote units. */
  notionalPerMinute?: number;
}

export interface Backfill {
  /** candles[venue][symbol], oldest first. */
  candles: Record<string, Record<string, Candle[]>>;
  /** Where the index process stands at endMs: the live simulation continues from here. */
  process: ProcessState;
  /** Each venue's basis per symbol at endMs, in basis points. */
  basisBps: Record<string, Record<string, number>>;
}

const MINUTE = 60_000;
const SUBSTEPS = 6;
// The basis reverts to its mean with a half-life of about an hour.
const BASIS_REVERSION_PER_MINUTE = Math.log(2) / 60;

/**
 * Seven days of one-minute candles in well under a second: the index path is stepped every ten
 * seconds; each venue trades around the index times its own slowly reverting basis.
 */
export function backfill(input: BackfillInput): Backfill {
  const process = new PriceProcess(input.models, input.seed);
  // A separate stream for venue noise, so adding a venue does not change the index path.
  const noise = createRng(input.seed ^ 0x5bd1e995);
  const end = Math.floor(input.endMs / MINUTE) * MINUTE;
  const start = end - input.minutes * MINUTE;
  // The live takers' mean, less the history's own multipliers below (about 1.13 for the noise, a little for moves).
  const perMinute = input.notionalPerMinute ?? expectedTakerNotionalPerMinute() / 1.15;
  const basis = input.venues.map((v) => input.models.map(() => v.basisBps.mean));
  const candles: Backfill["candles"] = Object.fromEntries(
    input.venues.map((v) => [v.name, Object.fromEntries(input.models.map((m) => [m.symbol, [] as Candle[]]))]),
  );

  for (let t = start; t < end; t += MINUTE) {
    const path: number[][] = [process.prices()];
    for (let s = 0; s < SUBSTEPS; s++) path.push(process.step(MINUTE / 1000 / SUBSTEPS));
    const activity = REGIMES.find((r) => r.name === process.regimeName())!.volMultiplier;
    input.venues.forEach((venue, vi) => {
      input.models.forEach((model, si) => {
        const b = basis[vi]!;
        b[si] =
          b[si]! + BASIS_REVERSION_PER_MINUTE * (venue.basisBps.mean - b[si]!) + venue.basisBps.sd * Math.sqrt(2 * BASIS_REVERSION_PER_MINUTE) * noise.normal();
        const u = venue.units[model.symbol]!;
        const toTicks = (index: number) => Math.max(1, Math.round((index * (1 + b[si]! / 10_000)) / u.tick));
        const ticks = path.map((p) => toTicks(p[si]!));
        const open = ticks[0]!;
        const close = ticks[ticks.length - 1]!;
        const move = Math.abs(Math.log(close / open));
        const notionalTraded = perMinute * venue.depthScale * activity * (1 + 200 * move) * Math.exp(0.5 * noise.normal());
        candles[venue.name]![model.symbol]!.push({
          time: t,
          open,
          high: Math.max(...ticks),
          low: Math.min(...ticks),
          close,
          volumeLots: Math.max(0, Math.round(notionalTraded / (path[SUBSTEPS]![si]! * u.lot))),
        });
      });
    });
  }
  const basisBps = Object.fromEntries(input.venues.map((v, vi) => [v.name, Object.fromEntries(input.models.map((m, si) => [m.symbol, basis[vi]![si]!]))]));
  return { candles, process: process.state(), basisBps };
}
