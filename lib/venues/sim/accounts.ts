import { accountMargin, initialMarginFor, type AccountMargin, type HeldPosition, type MarketRisk } from "../../engine/accounts/margin";
import { notional } from "../../engine/accounts/market-units";
import { applyFill, FLAT, type Position } from "../../engine/accounts/position";

/** An owner's holding of one market on one venue. */
export interface PositionState {
  position: Position;
  realizedPnl: bigint;
  funding: bigint;
  leverage: number;
  updatedAt: number;
}

/** An owner's account on one venue. collateral = deposits + realizedPnl − fees + funding, always. */
export interface AccountState {
  collateral: bigint;
  deposits: bigint;
  realizedPnl: bigint;
  fees: bigint;
  funding: bigint;
  updatedAt: number;
  positions: Map<string, PositionState>;
}

export function newAccount(deposit: bigint, now: number): AccountState {
  return { collateral: deposit, deposits: deposit, realizedPnl: 0n, fees: 0n, funding: 0n, updatedAt: now, positions: new Map() };
}

export function positionState(account: AccountState, symbol: string, defaultLeverage: number): PositionState {
  let p = account.positions.get(symbol);
  if (p === undefined) {
    p = { position: FLAT, realizedPnl: 0n, funding: 0n, leverage: defaultLeverage, updatedAt: 0 };
    account.positions.set(symbol, p);
  }
  return p;
}

/** Books one fill: the position, its realized PnL and the fee move collateral together. Returns the PnL realized. */
export function bookFill(account: AccountState, held: PositionState, risk: MarketRisk, signedLots: number, price: number, fee: bigint, now: number): bigint {
  const change = applyFill(risk.units, held.position, price, BigInt(signedLots));
  held.position = change.position;
  held.realizedPnl += change.realizedPnl;
  held.updatedAt = now;
  account.realizedPnl += change.realizedPnl;
  account.fees += fee;
  account.collateral += change.realizedPnl - fee;
  account.updatedAt = now;
  return change.realizedPnl;
}

export function bookFunding(account: AccountState, held: PositionState, amount: bigint, now: number): void {
  held.funding += amount;
  held.updatedAt = now;
  account.funding += amount;
  account.collateral += amount;
  account.updatedAt = now;
}

/** An open order as margin sees it: lots that could still add exposure, at their price. */
export interface OrderExposure {
  symbol: string;
  price: number;
  openLots: number;
  reduceOnly: boolean;
}

/** Cross margin of the account at the given marks; resting orders hold initial margin at their leverage. */
export function marginOf(
  account: AccountState,
  riskOf: (symbol: string) => MarketRisk,
  markOf: (symbol: string) => number,
  orders: Iterable<OrderExposure>,
): AccountMargin {
  const held: HeldPosition[] = [];
  for (const [symbol, p] of account.positions) {
    if (p.position.sizeLots === 0n) continue;
    held.push({ symbol, position: p.position, leverage: p.leverage, markTicks: markOf(symbol), risk: riskOf(symbol) });
  }
  let orderMargin = 0n;
  for (const o of orders) {
    if (o.reduceOnly || o.openLots <= 0) continue;
    const leverage = account.positions.get(o.symbol)?.leverage ?? 1;
    orderMargin += initialMarginFor(notional(riskOf(o.symbol).units, o.price, o.openLots), leverage);
  }
  return accountMargin(account.collateral, held, orderMargin);
}
