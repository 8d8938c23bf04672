// An owner's positions and balance on a real venue, from ccxt's unified structures, in the interface's units.
import type { Balances, Position } from "ccxt";
import { multiplyDecimals } from "../../decimal";
import type { MarginAsset, VenueBalance, VenuePosition } from "../venue";
import { type LiveMarket, lotsFromVenue, ticksFromVenue } from "./markets";
import { atomsOf, decimalText } from "./units";

const atoms = (value: number | undefined) => (value == null ? 0n : atomsOf(value, "nearest"));

/** A ccxt position as a VenuePosition; undefined when it holds nothing. */
export function venuePositionOf(venue: string, market: LiveMarket, p: Position): VenuePosition | undefined {
  const units = decimalText(multiplyDecimals(decimalText(p.contracts ?? 0), decimalText(p.contractSize ?? 1)));
  const lots = lotsFromVenue(market, units);
  if (lots === 0) return undefined;
  const sign = p.side === "short" ? -1 : 1;
  const costBasis = p.entryPrice == null ? 0n : atomsOf(multiplyDecimals(decimalText(p.entryPrice), units), "nearest");
  const mark = p.markPrice ?? p.entryPrice ?? 0;
  return {
    venue,
    symbol: market.symbol,
    size: sign * lots,
    costBasis: BigInt(sign) * costBasis,
    markPrice: ticksFromVenue(market, mark, "nearest"),
    unrealizedPnl: atoms(p.unrealizedPnl),
    realizedPnl: atoms(p.realizedPnl),
    // ccxt's position structure does not carry funding; fetchFundingHistory would.
    funding: 0n,
    leverage: p.leverage ?? 1,
    initialMargin: atoms(p.initialMargin ?? p.collateral),
    maintenanceMargin: atoms(p.maintenanceMargin),
    liquidationPrice: p.liquidationPrice == null || p.liquidationPrice <= 0 ? null : ticksFromVenue(market, p.liquidationPrice, "nearest"),
  };
}

/**
 * The owner's margin account in the venue's margin asset (counted one for one as US dollars): equity is
 * ccxt's total, available its free amount, unrealized PnL and margins summed over the positions, and
 * what the venue holds beyond the positions' margin is order margin.
 */
export function venueBalanceOf(venue: string, asset: MarginAsset, balances: Balances, positions: readonly VenuePosition[]): VenueBalance {
  const account = balances[asset];
  const equity = atoms(account?.total ?? undefined);
  const used = atoms(account?.used ?? undefined);
  const unrealizedPnl = positions.reduce((s, p) => s + p.unrealizedPnl, 0n);
  const initialMargin = positions.reduce((s, p) => s + p.initialMargin, 0n);
  return {
    venue,
    asset,
    collateral: equity - unrealizedPnl,
    unrealizedPnl,
    equity,
    initialMargin,
    maintenanceMargin: positions.reduce((s, p) => s + p.maintenanceMargin, 0n),
    orderMargin: used > initialMargin ? used - initialMargin : 0n,
    available: atoms(account?.free ?? undefined),
  };
}
