import { floorDiv } from "../../decimal";
import { notional, type MarketUnits } from "./market-units";

/**
 * A position on one market: signed size in lots (long > 0) and the cost basis, the signed notional
 * in quote atoms paid to open what is held. Entry price = costBasis / size; keeping the basis
 * rather than a rounded price keeps realized PnL exact to the atom.
 */
export interface Position {
  sizeLots: bigint;
  costBasis: bigint;
}

export const FLAT: Position = { sizeLots: 0n, costBasis: 0n };

export interface PositionChange {
  position: Position;
  /** PnL realized by the part of the fill that reduced the position, in quote atoms. */
  realizedPnl: bigint;
}

/**
 * Applies a fill of `sizeLots` (positive buys, negative sells) at `priceTicks`. The reducing part
 * realizes PnL against the proportional share of the basis; any remainder opens the other side.
 */
export function applyFill(units: MarketUnits, position: Position, priceTicks: number, sizeLots: bigint): PositionChange {
  if (sizeLots === 0n) return { position, realizedPnl: 0n };
  const held = position.sizeLots;
  const sameDirection = held === 0n || held > 0n === sizeLots > 0n;
  if (sameDirection) {
    return { position: { sizeLots: held + sizeLots, costBasis: position.costBasis + notional(units, priceTicks, sizeLots) }, realizedPnl: 0n };
  }
  const absHeld = held < 0n ? -held : held;
  const absFill = sizeLots < 0n ? -sizeLots : sizeLots;
  const closing = absFill < absHeld ? absFill : absHeld;
  const closingSigned = held > 0n ? -closing : closing;
  // The share of the basis that the closed lots carried (rounded toward -∞; the rest stays in the basis,
  // so nothing is lost: the last lot closed carries whatever remains).
  const basisReleased = closing === absHeld ? position.costBasis : floorDiv(position.costBasis * closing, absHeld);
  // Closing a long sells: proceeds − basis. Closing a short buys back: basis − cost; both are
  // basisReleased + notional of the (signed) closing trade, negated.
  const realizedPnl = -(basisReleased + notional(units, priceTicks, closingSigned));
  const remaining: Position = { sizeLots: held + closingSigned, costBasis: position.costBasis - basisReleased };
  const opening = sizeLots - closingSigned;
  if (opening === 0n) return { position: remaining, realizedPnl };
  return { position: { sizeLots: opening, costBasis: notional(units, priceTicks, opening) }, realizedPnl };
}

/** Unrealized PnL at a mark price: what closing now at the mark would realize. */
export function unrealizedPnl(units: MarketUnits, position: Position, markTicks: number): bigint {
  return notional(units, markTicks, position.sizeLots) - position.costBasis;
}
