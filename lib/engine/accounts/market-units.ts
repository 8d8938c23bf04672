import { formatDecimal, parseDecimal, pow10, UnitError } from "../../decimal";

/**
 * How a market's integer units turn into money. Collateral and PnL are counted in atoms of the
 * quote currency (micro-USDC, 1e-6), as bigint. A market's tick size times its lot size must be a
 * whole number of atoms, so that notional = priceTicks × sizeLots × atomsPerTickLot is exact.
 */
export interface MarketUnits {
  /** Quote atoms in one tick of price times one lot of size. */
  atomsPerTickLot: bigint;
}

export const QUOTE_DECIMALS = 6;
const ATOMS_PER_UNIT = pow10(QUOTE_DECIMALS);

/** The units of a market from its tick and lot sizes (decimal strings in quote and base currency). */
export function marketUnits(tickSize: string, lotSize: string): MarketUnits {
  const tick = parseDecimal(tickSize);
  const lot = parseDecimal(lotSize);
  const numerator = tick.units * lot.units * ATOMS_PER_UNIT;
  const denominator = pow10(tick.scale + lot.scale);
  if (numerator <= 0n || numerator % denominator !== 0n) {
    throw new UnitError("NOT_A_MULTIPLE", `tick ${tickSize} × lot ${lotSize} is not a whole number of quote atoms (1e-${QUOTE_DECIMALS})`);
  }
  return { atomsPerTickLot: numerator / denominator };
}

/** Notional in quote atoms of a size (lots, signed or not) at a price (ticks). */
export function notional(units: MarketUnits, priceTicks: number, sizeLots: number | bigint): bigint {
  return BigInt(priceTicks) * BigInt(sizeLots) * units.atomsPerTickLot;
}

/** Quote atoms as a decimal string, e.g. 1234500n → "1.2345". */
export function formatAtoms(atoms: bigint): string {
  return formatDecimal({ units: atoms, scale: QUOTE_DECIMALS });
}

/** A decimal string of quote currency as atoms; more than six decimals is refused, not rounded. */
export function parseAtoms(value: string): bigint {
  const { units, scale } = parseDecimal(value);
  if (scale > QUOTE_DECIMALS) throw new UnitError("OUT_OF_RANGE", `more than ${QUOTE_DECIMALS} decimals: ${value}`);
  return units * pow10(QUOTE_DECIMALS - scale);
}
