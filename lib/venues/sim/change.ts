import type { VenueFill, VenueOrder } from "../venue";
import type { AccountState, PositionState } from "./accounts";

/** Participants the simulator plays itself (market makers, takers, the liquidation backstop): never stored. */
export const SIM_OWNER_PREFIX = "sim:";

export function isSimOwner(owner: string): boolean {
  return owner.startsWith(SIM_OWNER_PREFIX);
}

export type OwnedOrder = VenueOrder & { ownerId: string };
export type OwnedFill = VenueFill & { ownerId: string };

export interface FundingRow {
  ownerId: string;
  venue: string;
  symbol: string;
  rateE8: bigint;
  positionLots: number;
  markPrice: number;
  amount: bigint;
  time: number;
}

export interface AccountRow extends Omit<AccountState, "positions"> {
  ownerId: string;
  venue: string;
}

export interface PositionRow {
  ownerId: string;
  venue: string;
  symbol: string;
  sizeLots: number;
  costBasis: bigint;
  realizedPnl: bigint;
  funding: bigint;
  leverage: number;
  updatedAt: number;
}

export interface TransferRow {
  ownerId: string;
  venue: string;
  kind: "paper_grant";
  amount: bigint;
  time: number;
}

/**
 * Everything one engine operation changed for owners: written in one transaction, in the order the
 * operations happened, so the stored state is always the state after some whole operation. Orders,
 * positions and accounts are absolute snapshots (the last one of a key wins); fills, funding and
 * transfers are appended.
 */
export class OwnerChange {
  readonly orders = new Map<string, OwnedOrder>();
  readonly fills: OwnedFill[] = [];
  readonly positions = new Map<string, PositionRow>();
  readonly accounts = new Map<string, AccountRow>();
  readonly funding: FundingRow[] = [];
  readonly transfers: TransferRow[] = [];

  order(order: OwnedOrder): void {
    this.orders.set(order.orderId, { ...order });
  }

  // Copies, not references: the live state moves on before this change is written.
  account(ownerId: string, venue: string, a: AccountState): void {
    this.accounts.set(`${ownerId}\u0000${venue}`, {
      ownerId,
      venue,
      collateral: a.collateral,
      deposits: a.deposits,
      realizedPnl: a.realizedPnl,
      fees: a.fees,
      funding: a.funding,
      updatedAt: a.updatedAt,
    });
  }

  position(ownerId: string, venue: string, symbol: string, p: PositionState): void {
    this.positions.set(`${ownerId}\u0000${venue}\u0000${symbol}`, {
      ownerId,
      venue,
      symbol,
      sizeLots: Number(p.position.sizeLots),
      costBasis: p.position.costBasis,
      realizedPnl: p.realizedPnl,
      funding: p.funding,
      leverage: p.leverage,
      updatedAt: p.updatedAt,
    });
  }

  /** Adds a later change to this one: its snapshots replace these, its appended rows follow. */
  absorb(later: OwnerChange): void {
    for (const [k, v] of later.orders) this.orders.set(k, v);
    for (const [k, v] of later.positions) this.positions.set(k, v);
    for (const [k, v] of later.accounts) this.accounts.set(k, v);
    this.fills.push(...later.fills);
    this.funding.push(...later.funding);
    this.transfers.push(...later.transfers);
  }

  get empty(): boolean {
    return (
      this.orders.size === 0 &&
      this.accounts.size === 0 &&
      this.positions.size === 0 &&
      this.fills.length === 0 &&
      this.funding.length === 0 &&
      this.transfers.length === 0
    );
  }
}
