// Hyperliquid's JSON shapes for what the fake holds (the samples in ccxt's hyperliquid.js are the reference).
import { premiumE8 } from "../../../engine/accounts/funding";
import { formatDecimal } from "../../../decimal";
import { formatAtoms } from "../../../engine/accounts/market-units";
import type { LevelView, Side } from "../../../engine/types";
import type { VenueCandle, VenueTrade } from "../../venue";
import type { FakeExchange } from "../core/fake-exchange";
import type { FakeMarket } from "../core/fake-market";
import type { FakeFill, FakeOrder } from "../core/ledger";
import { decimalsOf, midPriceText, priceText, rateText, sizeText, unitPrice } from "../core/wire-units";

/** Levels per side in an l2Book answer, as on Hyperliquid. */
export const BOOK_LEVELS = 20;
const DAY = 86_400_000;

export const sideLetter = (side: Side): "B" | "A" => (side === "BUY" ? "B" : "A");

const levels = (market: FakeMarket, side: readonly LevelView[]) =>
  side.map((l) => ({ px: priceText(market.spec, l.price), sz: sizeText(market.spec, l.size), n: l.count }));

export function l2Book(exchange: FakeExchange, market: FakeMarket) {
  const book = market.sim.book.snapshot(BOOK_LEVELS);
  return { coin: market.spec.id, time: exchange.now(), levels: [levels(market, book.bids), levels(market, book.asks)] };
}

export function universe(markets: readonly FakeMarket[]) {
  return {
    universe: markets.map((m) => ({
      szDecimals: decimalsOf(m.spec.lotSize),
      name: m.spec.id,
      maxLeverage: m.spec.maxLeverage,
      marginTableId: m.spec.maxLeverage,
    })),
  };
}

/** The market's context: mark, oracle and mid prices, funding, open interest and the day's volume. */
export function assetContext(exchange: FakeExchange, market: FakeMarket) {
  const { sim, spec } = market;
  const now = exchange.now();
  const day = exchange.candles(spec.id, now - DAY, now + 1);
  const bid = sim.book.bestBid() ?? sim.markPrice;
  const ask = sim.book.bestAsk() ?? sim.markPrice;
  const volumeLots = day.reduce((s, c) => s + BigInt(c.volumeLots), 0n);
  const dayNotional = day.reduce((s, c) => s + BigInt(c.close) * BigInt(c.volumeLots) * sim.risk.units.atomsPerTickLot, 0n);
  let openLots = 0n;
  for (const account of exchange.ledger.accounts.values()) {
    const lots = account.positions.get(spec.id)?.position.sizeLots ?? 0n;
    openLots += lots > 0n ? lots : 0n;
  }
  return {
    funding: rateText(sim.fundingRateE8),
    openInterest: sizeText(spec, openLots),
    prevDayPx: priceText(spec, day[0]?.open ?? sim.markPrice),
    dayNtlVlm: formatAtoms(dayNotional),
    premium: rateText(premiumE8(sim.markPrice, sim.indexPrice)),
    oraclePx: priceText(spec, sim.indexPrice),
    markPx: priceText(spec, sim.markPrice),
    midPx: midPriceText(spec, bid, ask),
    impactPxs: [priceText(spec, bid), priceText(spec, ask)],
    dayBaseVlm: sizeText(spec, volumeLots),
  };
}

export function orderStatusName(order: FakeOrder): string {
  switch (order.status) {
    case "NEW":
    case "PARTIALLY_FILLED":
      return "open";
    case "FILLED":
      return "filled";
    case "REJECTED":
      return "rejected";
    case "CANCELED":
      return order.reason === "REDUCE_ONLY" ? "reduceOnlyCanceled" : order.reason === "SELF_TRADE" ? "selfTradeCanceled" : "canceled";
  }
}

// Hyperliquid has no fill-or-kill; its fake never takes one (shown as Ioc, the nearest, were it to).
const TIF_NAMES = { GTC: "Gtc", IOC: "Ioc", FOK: "Ioc", POST_ONLY: "Alo" } as const;

/** An order as openOrders lists it. */
export function openOrder(market: FakeMarket, order: FakeOrder) {
  return {
    coin: market.spec.id,
    limitPx: priceText(market.spec, order.price ?? 0),
    oid: Number(order.orderId),
    origSz: sizeText(market.spec, order.size),
    side: sideLetter(order.side),
    sz: sizeText(market.spec, order.size - order.filledSize),
    timestamp: order.createdAt,
  };
}

/** An order as frontendOpenOrders and orderStatus show it. */
export function frontendOrder(market: FakeMarket, order: FakeOrder) {
  return {
    ...openOrder(market, order),
    children: [],
    cloid: order.clientOrderId,
    isPositionTpsl: false,
    isTrigger: false,
    orderType: "Limit",
    reduceOnly: order.reduceOnly,
    tif: order.timeInForce === null ? null : TIF_NAMES[order.timeInForce],
    triggerCondition: "N/A",
    triggerPx: "0.0",
  };
}

/** How a fill moved the position, in Hyperliquid's words. */
function direction(fill: FakeFill): string {
  const start = fill.startLots;
  const lots = BigInt(fill.size);
  if (fill.side === "BUY") {
    if (start >= 0n) return "Open Long";
    return lots <= -start ? "Close Short" : "Short > Long";
  }
  if (start <= 0n) return "Open Short";
  return lots <= start ? "Close Long" : "Long > Short";
}

export function userFill(market: FakeMarket, fill: FakeFill) {
  return {
    closedPnl: formatAtoms(fill.realizedPnl),
    coin: market.spec.id,
    crossed: fill.liquidity === "TAKER",
    dir: direction(fill),
    fee: formatAtoms(fill.fee),
    feeToken: "USDC",
    hash: tradeHash(fill.tradeId),
    liquidationMarkPx: null,
    oid: Number(fill.orderId),
    px: priceText(market.spec, fill.price),
    side: sideLetter(fill.side),
    startPosition: sizeText(market.spec, fill.startLots),
    sz: sizeText(market.spec, fill.size),
    tid: Number(fill.tradeId),
    time: fill.time,
  };
}

/** A trade of the public tape, as the trades channel sends it. */
export function publicTrade(market: FakeMarket, trade: VenueTrade) {
  const fake = "0x0000000000000000000000000000000000000000";
  return {
    coin: market.spec.id,
    side: sideLetter(trade.side),
    px: priceText(market.spec, trade.price),
    sz: sizeText(market.spec, trade.size),
    time: trade.time,
    hash: tradeHash(trade.id),
    tid: Number(trade.id),
    users: [fake, fake],
  };
}

export function candle(market: FakeMarket, c: VenueCandle, interval: string, ms: number) {
  return {
    t: c.time,
    T: c.time + ms - 1,
    s: market.spec.id,
    i: interval,
    o: priceText(market.spec, c.open),
    c: priceText(market.spec, c.close),
    h: priceText(market.spec, c.high),
    l: priceText(market.spec, c.low),
    v: sizeText(market.spec, c.volumeLots),
    n: 0,
  };
}

/** The transaction hash a trade carries; the fake makes one from the trade id. */
function tradeHash(tradeId: string): string {
  return `0x${BigInt(tradeId).toString(16).padStart(64, "0")}`;
}

export function allMids(exchange: FakeExchange) {
  return Object.fromEntries(
    exchange.marketList().map((m) => {
      const bid = m.sim.book.bestBid() ?? m.sim.markPrice;
      const ask = m.sim.book.bestAsk() ?? m.sim.markPrice;
      return [m.spec.id, midPriceText(m.spec, bid, ask)];
    }),
  );
}

const abs = (x: bigint) => (x < 0n ? -x : x);

/** A perpetuals account summary (clearinghouseState); an unknown user gets an empty one, as on Hyperliquid. */
export function clearinghouseState(exchange: FakeExchange, user: string, isCross: (coin: string) => boolean) {
  const time = exchange.now();
  const account = exchange.account(user);
  const margin = account === undefined ? undefined : exchange.margin(user, account);
  const assetPositions = (margin?.positions ?? []).map((row) => {
    const market = exchange.market(row.symbol)!;
    const held = account!.positions.get(row.symbol)!;
    const { position, leverage } = held;
    const openingMargin = position.costBasis / BigInt(leverage);
    return {
      type: "oneWay",
      position: {
        coin: row.symbol,
        szi: sizeText(market.spec, position.sizeLots),
        leverage: isCross(row.symbol) ? { type: "cross", value: leverage } : { type: "isolated", value: leverage, rawUsd: formatAtoms(-position.costBasis) },
        entryPx: unitPrice(market.spec, position.costBasis, position.sizeLots, decimalsOf(market.spec.tickSize) + 2),
        positionValue: formatAtoms(abs(row.notional)),
        unrealizedPnl: formatAtoms(row.unrealizedPnl),
        returnOnEquity: openingMargin === 0n ? "0" : formatDecimal({ units: (row.unrealizedPnl * 100_000_000n) / abs(openingMargin), scale: 8 }),
        liquidationPx: row.liquidationPriceTicks === null ? null : priceText(market.spec, row.liquidationPriceTicks),
        marginUsed: formatAtoms(row.initialMargin),
        maxLeverage: market.spec.maxLeverage,
        cumFunding: { allTime: formatAtoms(-held.funding), sinceOpen: formatAtoms(-held.funding), sinceChange: formatAtoms(-held.funding) },
      },
    };
  });
  const signedNotional = (margin?.positions ?? []).reduce((s, r) => s + r.notional, 0n);
  const summary = {
    accountValue: formatAtoms(margin?.equity ?? 0n),
    totalNtlPos: formatAtoms((margin?.positions ?? []).reduce((s, r) => s + abs(r.notional), 0n)),
    totalRawUsd: formatAtoms((margin?.equity ?? 0n) - signedNotional),
    totalMarginUsed: formatAtoms((margin?.initialMargin ?? 0n) + (margin?.orderMargin ?? 0n)),
  };
  const withdrawable = margin === undefined || margin.available < 0n ? 0n : margin.available;
  return {
    marginSummary: summary,
    crossMarginSummary: summary,
    crossMaintenanceMarginUsed: formatAtoms(margin?.maintenanceMargin ?? 0n),
    withdrawable: formatAtoms(withdrawable),
    assetPositions,
    time,
  };
}
