/**
 * The simulated takers: market orders arriving at random (Poisson) with log-normal sizes. The live
 * simulator draws them; the back-fill sizes its history's volume from the same figures, so the volume
 * bars do not change level where history meets the live market.
 */
export const TAKER_FLOW = {
  /** Orders per second on a venue of depth 1 (deeper venues see proportionally more). */
  arrivalsPerSecond: 0.1,
  /** Median order size in US dollars. */
  medianNotionalUsd: 3_000,
  /** Standard deviation of the log of the size. */
  sizeSigma: 1.1,
} as const;

/** The mean notional the takers trade per minute on a venue of depth 1, in US dollars. */
export function expectedTakerNotionalPerMinute(): number {
  const { arrivalsPerSecond, medianNotionalUsd, sizeSigma } = TAKER_FLOW;
  return arrivalsPerSecond * 60 * medianNotionalUsd * Math.exp((sizeSigma * sizeSigma) / 2);
}
