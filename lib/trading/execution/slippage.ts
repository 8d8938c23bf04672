import type { Side } from "../../venues/venue";
import { invalid } from "./errors";

/** Slippage is a fraction of the reference price (0.01 = 1 %). Market orders default to this… */
export const DEFAULT_SLIPPAGE = 0.01;
/** …and may ask for at most this. */
export const MAX_SLIPPAGE = 0.05;

const PPM = 1_000_000;

/** A slippage fraction from the wire as parts per million (default when absent); 400 outside (0, MAX_SLIPPAGE]. */
export function slippagePpm(value: number | undefined, field = "slippage"): number {
  if (value === undefined) return Math.round(DEFAULT_SLIPPAGE * PPM);
  if (!Number.isFinite(value) || value <= 0 || value > MAX_SLIPPAGE)
    throw invalid(`${field}: must be a fraction above 0 and at most ${MAX_SLIPPAGE} (0.01 = 1%)`);
  const ppm = Math.round(value * PPM);
  if (ppm === 0) throw invalid(`${field}: below one part per million`);
  return ppm;
}

export const slippageFraction = (ppm: number) => ppm / PPM;

/**
 * The worst price a taker order may fill at, `ppm` away from `reference` (base ticks): rounded inward,
 * so it never allows more than the slippage asked for.
 */
export function protectionPrice(side: Side, reference: number, ppm: number): number {
  const r = BigInt(reference);
  const p = BigInt(ppm);
  const m = BigInt(PPM);
  const bound = side === "BUY" ? (r * (m + p)) / m : (r * (m - p) + m - 1n) / m;
  return Math.max(1, Number(bound));
}
