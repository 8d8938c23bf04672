import { describe, expect, it } from "vitest";
import { ccxtMarket, HYPERLIQUID_BTC } from "../../testing/ccxt-markets";
import { findMarket, MARKETS, type MarketSpec } from "../catalog";
import { bookLevels, isUsdLinearPerp, mapMarket, mapMarkets, ticksFromVenue, venuePrice, venueSize } from "./markets";

// Hyperliquid (hyperliquid.js parseMarket): id is the asset index, precision.amount from szDecimals, price from the mark's five significant figures.
const hlBtc = HYPERLIQUID_BTC;
const hlEth = ccxtMarket({
  id: "1",
  symbol: "ETH/USDC:USDC",
  base: "ETH",
  precision: { amount: 0.0001, price: 0.1 },
  limits: { leverage: { min: undefined, max: 25 } },
});
const hlXrp = ccxtMarket({ id: "25", symbol: "XRP/USDC:USDC", base: "XRP", precision: { amount: 1, price: 0.00001 } });
const hlPepe = ccxtMarket({ id: "70", symbol: "KPEPE/USDC:USDC", base: "KPEPE", precision: { amount: 1, price: 0.000001 } });
const hlSpot = ccxtMarket({ id: "@107", symbol: "HYPE/USDC", base: "HYPE", type: "spot", spot: true, swap: false, contract: false, linear: undefined });
// Binance USDⓈ-M (binance.js parseMarket): precision from PRICE_FILTER tickSize and LOT_SIZE stepSize.
const bnBtc = ccxtMarket({
  id: "BTCUSDT",
  symbol: "BTC/USDT:USDT",
  base: "BTC",
  taker: 0.0005,
  maker: 0.0002,
  precision: { amount: 0.001, price: 0.1 },
  limits: { leverage: { min: undefined, max: undefined }, amount: { min: 0.001, max: 1000 }, cost: { min: 100, max: undefined } },
});
const bnBtcUsdc = ccxtMarket({ id: "BTCUSDC", symbol: "BTC/USDC:USDC", base: "BTC", precision: { amount: 0.001, price: 0.1 } });
const bnBtcQuarter = ccxtMarket({ id: "BTCUSDT_250926", symbol: "BTC/USDT:USDT-250926", base: "BTC", swap: false, future: true, expiry: 1758873600000 });
const bnSol = ccxtMarket({ id: "SOLUSDT", symbol: "SOL/USDT:USDT", base: "SOL", precision: { amount: 0.01, price: 0.0025 } });
const bnDoge = ccxtMarket({ id: "DOGEUSDT", symbol: "DOGE/USDT:USDT", base: "DOGE", precision: { amount: 3, price: 0.000001 } });

const spec = (symbol: string): MarketSpec => findMarket(symbol)!;

describe("mapping a venue's markets onto the catalog", () => {
  it("lists only active linear perpetuals settled in a US dollar asset whose base is in the catalog", () => {
    expect(isUsdLinearPerp(hlBtc)).toBe(true);
    expect(isUsdLinearPerp(hlSpot)).toBe(false);
    expect(isUsdLinearPerp(bnBtcQuarter)).toBe(false);
    expect(isUsdLinearPerp({ ...hlBtc, active: false })).toBe(false);
    expect(isUsdLinearPerp({ ...hlBtc, linear: false, inverse: true })).toBe(false);
    expect(isUsdLinearPerp(ccxtMarket({ symbol: "BTC/EUR:EUR", base: "BTC" }))).toBe(false);
    const listed = mapMarkets([hlSpot, hlPepe, hlEth, hlBtc, hlXrp], MARKETS, { marginAsset: "USDC" });
    expect(listed.map((m) => [m.symbol, m.venueSymbol, m.ccxtSymbol])).toEqual([
      ["BTC-USD", "0", "BTC/USDC:USDC"],
      ["ETH-USD", "1", "ETH/USDC:USDC"],
      ["XRP-USD", "25", "XRP/USDC:USDC"],
    ]);
  });

  it("prefers the venue's margin asset when a base settles in several", () => {
    expect(mapMarkets([bnBtcUsdc, bnBtc], MARKETS, { marginAsset: "USDT" })[0]!.ccxtSymbol).toBe("BTC/USDT:USDT");
    expect(mapMarkets([bnBtc, bnBtcUsdc], MARKETS, { marginAsset: "USDC" })[0]!.ccxtSymbol).toBe("BTC/USDC:USDC");
  });

  it("converts ticks and size steps exactly onto the base tick and lot", () => {
    // Hyperliquid BTC: tick 1 over a base tick of 0.1, size step 0.00001 finer than the lot 0.0001.
    expect(mapMarket(hlBtc, spec("BTC-USD"))).toMatchObject({ tickMultiple: 10, lotMultiple: 1, venueTick: "1", venueLot: "0.00001", settle: "USDC" });
    // A venue tick finer than the base tick (0.00001 under 0.0001) is quoted on the base grid.
    expect(mapMarket(hlXrp, spec("XRP-USD"))).toMatchObject({ tickMultiple: 1, lotMultiple: 1 });
    // Binance BTC: tick 0.1 is the base tick; size step 0.001 is ten lots.
    expect(mapMarket(bnBtc, spec("BTC-USD"))).toMatchObject({ tickMultiple: 1, lotMultiple: 10, makerFeeBps: "2", takerFeeBps: "5" });
    // Not commensurate: tick 0.0025 over 0.001 gives the common grid 0.005 (5 base ticks).
    expect(mapMarket(bnSol, spec("SOL-USD"))).toMatchObject({ tickMultiple: 5, lotMultiple: 1 });
    // A size step of 3 over a lot of 10 gives the common step 30 (3 lots).
    expect(mapMarket(bnDoge, spec("DOGE-USD"))).toMatchObject({ tickMultiple: 1, lotMultiple: 3 });
  });

  it("takes fees in basis points and the lower of the venue's and the catalog's maximum leverage", () => {
    const eth = mapMarket(hlEth, spec("ETH-USD"));
    expect(eth).toMatchObject({ makerFeeBps: "1.5", takerFeeBps: "4.5", maxLeverage: 25, maintenanceMarginBps: 200 });
    expect(mapMarket(hlBtc, spec("BTC-USD"))).toMatchObject({ maxLeverage: 40, maintenanceMarginBps: 125 });
    expect(mapMarket(bnBtc, spec("BTC-USD"))).toMatchObject({ maxLeverage: 50, maintenanceMarginBps: spec("BTC-USD").maintenanceMarginBps });
    expect(mapMarket({ ...bnBtc, maker: -0.00005 }, spec("BTC-USD")).makerFeeBps).toBe("-0.5");
  });

  it("refuses a market ccxt gives no precision for", () => {
    expect(() => mapMarket({ ...bnBtc, precision: { amount: 0.001, price: undefined } }, spec("BTC-USD"))).toThrow(/no price precision/);
  });
});

describe("prices and sizes between a venue and the market's integers", () => {
  const btc = mapMarket(hlBtc, spec("BTC-USD"), 5);
  const eth = mapMarket(hlEth, spec("ETH-USD"), 5);
  const bnb = mapMarket(bnBtc, spec("BTC-USD"));

  it("reads venue prices onto the venue's grid in base ticks, rounded as asked", () => {
    expect(ticksFromVenue(btc, 64250, "down")).toBe(642_500);
    expect(ticksFromVenue(btc, 64250.7, "down")).toBe(642_500);
    expect(ticksFromVenue(btc, 64250.7, "up")).toBe(642_510);
    expect(ticksFromVenue(bnb, "64250.1", "nearest")).toBe(642_501);
  });

  it("sends exact prices and sizes, a venue's significant figures rounded on the order's conservative side", () => {
    expect(venuePrice(bnb, 642_501, "BUY")).toBe("64250.1");
    expect(venuePrice(btc, 642_500, "BUY")).toBe("64250");
    // ETH on the 0.1 grid at 5 significant figures: 3180.2 is fine, 13180.2 is not.
    expect(venuePrice(eth, 318_020, "SELL")).toBe("3180.2");
    expect(venuePrice(eth, 1_318_020, "BUY")).toBe("13180");
    expect(venuePrice(eth, 1_318_020, "SELL")).toBe("13181");
    expect(venueSize(btc, 12_345)).toBe("1.2345");
    expect(venueSize(bnb, 10)).toBe("0.001");
  });

  it("builds book levels conservatively: bids down, asks up, sizes down, levels that meet summed", () => {
    const xrp = mapMarket(hlXrp, spec("XRP-USD"), 5);
    const bids = bookLevels(
      xrp,
      [
        [0.52349, 1000],
        [0.52341, 500.5],
        [0.5233, 200],
        [0.5232, 0.5],
        [0.5231, 7],
      ],
      "bids",
      10,
    );
    expect(bids).toEqual([
      [5234, 1500],
      [5233, 200],
      [5231, 7],
    ]);
    expect(
      bookLevels(
        xrp,
        [
          [0.52351, 10],
          [0.52359, 5],
          [0.5236, 1],
        ],
        "asks",
        10,
      ),
    ).toEqual([[5236, 16]]);
    expect(
      bookLevels(
        xrp,
        [
          [0.5235, 1],
          [0.5236, 1],
          [0.5237, 1],
        ],
        "asks",
        2,
      ),
    ).toEqual([
      [5235, 1],
      [5236, 1],
    ]);
  });
});
