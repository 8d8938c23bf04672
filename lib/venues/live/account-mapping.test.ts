import type { Balances, Position } from "ccxt";
import { describe, expect, it } from "vitest";
import { findMarket } from "../catalog";
import { venueBalanceOf, venuePositionOf } from "./account-mapping";
import { mapMarket } from "./markets";
import { ccxtMarket } from "../../testing/ccxt-markets";

const eth = mapMarket(ccxtMarket({ id: "ETHUSDT", symbol: "ETH/USDT:USDT", base: "ETH", precision: { amount: 0.001, price: 0.01 } }), findMarket("ETH-USD")!);

/** A position as ccxt's parsePosition leaves it (binance positionRisk). */
const position = (fields: Partial<Position>): Position => ({
  info: {},
  symbol: "ETH/USDT:USDT",
  contracts: 1.5,
  contractSize: 1,
  side: "long",
  entryPrice: 3180.25,
  markPrice: 3200.5,
  notional: 4800.75,
  leverage: 10,
  unrealizedPnl: 30.375,
  realizedPnl: undefined,
  collateral: 480.075,
  initialMargin: 480.075,
  maintenanceMargin: 24.003,
  liquidationPrice: 2890.11,
  marginMode: "cross",
  ...fields,
});

describe("an owner's positions and balance from ccxt", () => {
  it("reads a position in lots, its cost basis and margins exactly, signed by side", () => {
    expect(venuePositionOf("binanceusdm", eth, position({}))).toEqual({
      venue: "binanceusdm",
      symbol: "ETH-USD",
      size: 1500,
      costBasis: 4_770_375_000n,
      markPrice: 320_050,
      unrealizedPnl: 30_375_000n,
      realizedPnl: 0n,
      funding: 0n,
      leverage: 10,
      initialMargin: 480_075_000n,
      maintenanceMargin: 24_003_000n,
      liquidationPrice: 289_011,
    });
    expect(venuePositionOf("binanceusdm", eth, position({ side: "short", liquidationPrice: 0 }))).toMatchObject({
      size: -1500,
      costBasis: -4_770_375_000n,
      liquidationPrice: null,
    });
    expect(venuePositionOf("binanceusdm", eth, position({ contracts: 0 }))).toBeUndefined();
  });

  it("sums the balance from the margin asset's total and free amounts and the positions", () => {
    const balances = { info: {}, USDT: { free: 9_000.5, used: 1_000.25, total: 10_030.875 }, USDC: { free: 5, used: 0, total: 5 } } as unknown as Balances;
    const held = [venuePositionOf("binanceusdm", eth, position({}))!];
    expect(venueBalanceOf("binanceusdm", "USDT", balances, held)).toEqual({
      venue: "binanceusdm",
      asset: "USDT",
      collateral: 10_000_500_000n,
      unrealizedPnl: 30_375_000n,
      equity: 10_030_875_000n,
      initialMargin: 480_075_000n,
      maintenanceMargin: 24_003_000n,
      orderMargin: 520_175_000n,
      available: 9_000_500_000n,
    });
    expect(venueBalanceOf("binanceusdm", "USDC", { info: {} } as unknown as Balances, [])).toMatchObject({ asset: "USDC", equity: 0n, available: 0n });
  });
});
