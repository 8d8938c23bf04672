import { floorDiv } from "../../decimal";
import { notional, type MarketUnits } from "./market-units";
import type { Position } from "./position";

/** Funding rates are in units of 1e-8 (so 0.01% = 10,000). */
export const RATE_SCALE = 100_000_000n;

export interface FundingParams {
  /** The premium is paid off over this many hourly payments (8: a premium converges in eight hours). */
  convergenceHours: number;
  /** The largest hourly rate either way, in 1e-8. */
  capE8: number;
}

/** Premium of the mark over the index, in 1e-8, rounded toward −∞. */
export function premiumE8(markTicks: number, indexTicks: number): bigint {
  return floorDiv(BigInt(markTicks - indexTicks) * RATE_SCALE, BigInt(indexTicks));
}

/** The hourly rate from the premiums sampled over the hour: their mean over the convergence period, capped. */
export function hourlyFundingRateE8(premiumSamplesE8: readonly bigint[], params: FundingParams): bigint {
  if (premiumSamplesE8.length === 0) return 0n;
  const mean = floorDiv(
    premiumSamplesE8.reduce((s, p) => s + p, 0n),
    BigInt(premiumSamplesE8.length),
  );
  const rate = floorDiv(mean, BigInt(params.convergenceHours));
  const cap = BigInt(params.capE8);
  return rate > cap ? cap : rate < -cap ? -cap : rate;
}

/**
 * What a position's collateral changes by at a funding payment: longs pay shorts when the rate is
 * positive. Rounded toward −∞ for everyone, so the venue never pays out more than it collects.
 */
export function fundingPayment(units: MarketUnits, position: Position, markTicks: number, rateE8: bigint): bigint {
  return floorDiv(-notional(units, markTicks, position.sizeLots) * rateE8, RATE_SCALE);
}
