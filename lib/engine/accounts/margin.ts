import { ceilDiv, floorDiv } from "../../decimal";
import { notional, type MarketUnits } from "./market-units";
import { unrealizedPnl, type Position } from "./position";

const BPS = 10_000n;

/** Risk parameters of one market on one venue. */
export interface MarketRisk {
  units: MarketUnits;
  maxLeverage: number;
  /** Maintenance margin as a share of notional, in basis points. */
  maintenanceMarginBps: number;
}

export interface HeldPosition {
  symbol: string;
  position: Position;
  /** The leverage the owner chose for this symbol (a whole number, 1 … maxLeverage). */
  leverage: number;
  markTicks: number;
  risk: MarketRisk;
}

export interface PositionMargin {
  symbol: string;
  notional: bigint;
  unrealizedPnl: bigint;
  initialMargin: bigint;
  maintenanceMargin: bigint;
  /** The mark at which the account would fall to maintenance, others unchanged; null when no price gets there. */
  liquidationPriceTicks: number | null;
}

export interface AccountMargin {
  collateral: bigint;
  unrealizedPnl: bigint;
  /** Collateral plus unrealized PnL. */
  equity: bigint;
  initialMargin: bigint;
  maintenanceMargin: bigint;
  /** Margin held for resting orders. */
  orderMargin: bigint;
  /** What new orders may use: equity − initial margin − order margin (may be negative). */
  available: bigint;
  /** Equity below maintenance margin: the account must be liquidated. */
  liquidatable: boolean;
  positions: PositionMargin[];
}

const abs = (x: bigint) => (x < 0n ? -x : x);

/** Initial margin of a notional at a leverage, rounded up. */
export function initialMarginFor(notionalAtoms: bigint, leverage: number): bigint {
  return ceilDiv(abs(notionalAtoms), BigInt(leverage));
}

function maintenanceFor(notionalAtoms: bigint, bps: number): bigint {
  return ceilDiv(abs(notionalAtoms) * BigInt(bps), BPS);
}

/** Cross margin: every position of the account on the venue backs every other. */
export function accountMargin(collateral: bigint, held: HeldPosition[], orderMargin = 0n): AccountMargin {
  const rows = held
    .filter((h) => h.position.sizeLots !== 0n)
    .map((h) => {
      const n = notional(h.risk.units, h.markTicks, h.position.sizeLots);
      return {
        h,
        notional: n,
        upnl: unrealizedPnl(h.risk.units, h.position, h.markTicks),
        im: initialMarginFor(n, h.leverage),
        mm: maintenanceFor(n, h.risk.maintenanceMarginBps),
      };
    });
  const upnl = rows.reduce((s, r) => s + r.upnl, 0n);
  const equity = collateral + upnl;
  const im = rows.reduce((s, r) => s + r.im, 0n);
  const mm = rows.reduce((s, r) => s + r.mm, 0n);
  return {
    collateral,
    unrealizedPnl: upnl,
    equity,
    initialMargin: im,
    maintenanceMargin: mm,
    orderMargin,
    available: equity - im - orderMargin,
    liquidatable: rows.length > 0 && equity < mm,
    positions: rows.map((r) => ({
      symbol: r.h.symbol,
      notional: r.notional,
      unrealizedPnl: r.upnl,
      initialMargin: r.im,
      maintenanceMargin: r.mm,
      liquidationPriceTicks: liquidationPrice(r.h, equity, mm - r.mm),
    })),
  };
}

/**
 * Solves equity(P) = maintenance(P) for this position's mark P, everything else fixed:
 *   E + s·k·(P − M) = bps/10⁴ · |s|·k·P + O   ⇒   P = 10⁴·(O − E + s·k·M) / (k·(10⁴·s − bps·|s|))
 * Liquidation needs equity strictly below maintenance, so the answer is the first whole tick past the
 * solution: for a long the highest tick below it, for a short the lowest tick above it.
 */
function liquidationPrice(h: HeldPosition, equity: bigint, otherMaintenance: bigint): number | null {
  const s = h.position.sizeLots;
  const k = h.risk.units.atomsPerTickLot;
  const bps = BigInt(h.risk.maintenanceMarginBps);
  const numerator = BPS * (otherMaintenance - equity + s * k * BigInt(h.markTicks));
  const denominator = k * (BPS * s - bps * abs(s));
  const price = s > 0n ? ceilDiv(numerator, denominator) - 1n : floorDiv(numerator, denominator) + 1n;
  return price > 0n && price <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(price) : null;
}
