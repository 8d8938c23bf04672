import type { Fill, OrderStatus, OwnerFill, Side } from "./types";

/** The status of an accepted order follows from its quantities alone. */
export function statusOf(size: number, filled: number, open: number): OrderStatus {
  if (open > 0) return filled > 0 ? "PARTIALLY_FILLED" : "NEW";
  return filled === size ? "FILLED" : "CANCELED";
}

export function opposite(side: Side): Side {
  return side === "BUY" ? "SELL" : "BUY";
}

/** A fill as each of its two owners books it: the maker first. */
export function ownerFills(fill: Fill): [maker: OwnerFill, taker: OwnerFill] {
  const common = { price: fill.price, size: fill.size, seq: fill.seq, timestamp: fill.timestamp };
  return [
    { ...common, owner: fill.makerOwner, orderId: fill.makerOrderId, side: opposite(fill.takerSide), liquidity: "MAKER", fee: fill.makerFee },
    { ...common, owner: fill.takerOwner, orderId: fill.takerOrderId, side: fill.takerSide, liquidity: "TAKER", fee: fill.takerFee },
  ];
}

/** Signed lots by which `fill` moves `owner`'s position (long > 0). */
export function positionChange(fill: Fill, owner: string): number {
  const bought = fill.takerSide === "BUY" ? fill.size : -fill.size;
  if (fill.takerOwner === owner) return bought;
  if (fill.makerOwner === owner) return -bought;
  return 0;
}
