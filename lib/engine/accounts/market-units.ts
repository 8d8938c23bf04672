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
const ATOMS_PER_UNIT = 10n ** BigInt(QUOTE_DECIMALS);

/** Parses a non-negative decimal string into an exact fraction n / 10^scale. */
function decimalParts(value: string): { n: bigint; scale: number } {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!m) throw new Error(`not a non-negative decimal: ${value}`);
  const frac = m[2] ?? "";
  return { n: BigInt(m[1]! + frac), scale: frac.length };
}

/** The units of a market from its tick and lot sizes (decimal strings in quote and base currency). */
export function marketUnits(tickSize: string, lotSize: string): MarketUnits {
  const tick = decimalParts(tickSize);
  const lot = decimalParts(lotSize);
  const numerator = tick.n * lot.n * ATOMS_PER_UNIT;
  const denominator = 10n ** BigInt(tick.scale + lot.scale);
  if (numerator === 0n || numerator % denominator !== 0n) {
    throw new Error(`tick ${tickSize} × lot ${lotSize} is not a whole number of quote atoms (1e-${QUOTE_DECIMALS})`);
  }
  return { atomsPerTickLot: numerator / denominator };
}

/** Notional in quote atoms of a size (lots, signed or not) at a price (ticks). */
export function notional(units: MarketUnits, priceTicks: number, sizeLots: number | bigint): bigint {
  return BigInt(priceTicks) * BigInt(sizeLots) * units.atomsPerTickLot;
}

/** Quote atoms as a decimal string, e.g. 1234500n → "1.2345". */
export function formatAtoms(atoms: bigint): string {
  const sign = atoms < 0n ? "-" : "";
  const abs = atoms < 0n ? -atoms : atoms;
  const whole = abs / ATOMS_PER_UNIT;
  const frac = (abs % ATOMS_PER_UNIT).toString().padStart(QUOTE_DECIMALS, "0").replace(/0+$/, "");
  return `${sign}${whole}${frac ? `.${frac}` : ""}`;
}

/** A decimal string of quote currency as atoms; more than six decimals is refused, not rounded. */
export function parseAtoms(value: string): bigint {
  const negative = value.startsWith("-");
  const { n, scale } = decimalParts(negative ? value.slice(1) : value);
  if (scale > QUOTE_DECIMALS) throw new Error(`more than ${QUOTE_DECIMALS} decimals: ${value}`);
  const atoms = n * 10n ** BigInt(QUOTE_DECIMALS - scale);
  return negative ? -atoms : atoms;
}

/** Division rounded toward negative infinity (BigInt division truncates toward zero). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return (a % b !== 0n) && ((a < 0n) !== (b < 0n)) ? q - 1n : q;
}

/** Division rounded toward positive infinity. */
export function ceilDiv(a: bigint, b: bigint): bigint {
  return -floorDiv(-a, b);
}
