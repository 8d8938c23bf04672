// A fake venue's integers (ticks, lots, quote atoms) as the decimal strings its wire format carries, and back.
import { formatDecimal, fractionToDecimal, parseDecimal, pow10 } from "../../../decimal";
import { QUOTE_DECIMALS } from "../../../engine/accounts/market-units";
import { fromUnits, toUnits } from "../../../engine/units";
import type { FakeMarketSpec } from "./fake-market";

export function priceText(market: FakeMarketSpec, ticks: number): string {
  return fromUnits(ticks, market.tickSize);
}

export function sizeText(market: FakeMarketSpec, lots: number | bigint): string {
  return fromUnits(Number(lots), market.lotSize);
}

/** Decimals of a step ("0.001" → 3). */
export function decimalsOf(step: string): number {
  return parseDecimal(step).scale;
}

/** Whole steps in a decimal string, or undefined when it is not a decimal or not a whole number of steps. */
export function stepsOf(text: string, step: string): number | undefined {
  try {
    return toUnits(text, step);
  } catch {
    return undefined;
  }
}

/** The price per unit of `atoms` paid for `lots` (an entry or average price), with `digits` decimals at most. */
export function unitPrice(market: FakeMarketSpec, atoms: bigint, lots: bigint, digits: number): string {
  if (lots === 0n) return "0";
  const lot = parseDecimal(market.lotSize);
  const abs = (x: bigint) => (x < 0n ? -x : x);
  return fractionToDecimal({ num: abs(atoms) * pow10(lot.scale), den: abs(lots) * lot.units * pow10(QUOTE_DECIMALS) }, digits);
}

/** The middle of two prices (ticks), exactly: one more decimal than the tick when it falls between two. */
export function midPriceText(market: FakeMarketSpec, bidTicks: number, askTicks: number): string {
  const tick = parseDecimal(market.tickSize);
  return formatDecimal({ units: BigInt(bidTicks + askTicks) * tick.units * 5n, scale: tick.scale + 1 });
}

/** A rate in units of 1e-8 as a decimal string (12_500n → "0.000125"). */
export function rateText(rateE8: bigint): string {
  return formatDecimal({ units: rateE8, scale: 8 });
}
