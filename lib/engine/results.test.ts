import { describe, expect, it } from "vitest";
import { ownerFills, positionChange } from "./results";
import type { Fill } from "./types";

const fill: Fill = {
  seq: 7,
  makerOrderId: "m1",
  takerOrderId: "t1",
  makerOwner: "maker",
  takerOwner: "taker",
  takerSide: "SELL",
  price: 100,
  size: 3,
  makerFee: -2n,
  takerFee: 9n,
  timestamp: 1_700_000_000_000,
};

describe("fills per owner", () => {
  it("splits a fill into the maker's and the taker's side of it", () => {
    const common = { price: 100, size: 3, seq: 7, timestamp: 1_700_000_000_000 };
    expect(ownerFills(fill)).toEqual([
      { ...common, owner: "maker", orderId: "m1", side: "BUY", liquidity: "MAKER", fee: -2n },
      { ...common, owner: "taker", orderId: "t1", side: "SELL", liquidity: "TAKER", fee: 9n },
    ]);
  });

  it("moves each owner's position by the lots they bought or sold", () => {
    expect(positionChange(fill, "maker")).toBe(3);
    expect(positionChange(fill, "taker")).toBe(-3);
    expect(positionChange(fill, "someone else")).toBe(0);
  });
});
