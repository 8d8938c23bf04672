// Binance USDⓈ-M's JSON shapes for what the fake holds (the samples in ccxt's binance.js are the reference).
import { formatAtoms } from "../../../engine/accounts/market-units";
import type { AccountState } from "../../sim/accounts";
import type { VenueCandle, VenueTrade } from "../../venue";
import type { FakeExchange } from "../core/fake-exchange";
import type { FakeMarket } from "../core/fake-market";
import type { FakeResponse } from "../core/fake-server";
import type { FakeOrder } from "../core/ledger";
import { decimalsOf, priceText, rateText, sizeText, unitPrice } from "../core/wire-units";

const EIGHT_HOURS = 8 * 3_600_000;
const FAR_FUTURE = 4_133_404_800_000;

export function binanceError(status: number, code: number, msg: string): FakeResponse {
  return { status, body: { code, msg } };
}

export function exchangeInfoSymbol(market: FakeMarket) {
  const { spec } = market;
  const maintenance = (market.sim.risk.maintenanceMarginBps / 100).toFixed(4);
  return {
    symbol: spec.id,
    pair: spec.id,
    contractType: "PERPETUAL",
    deliveryDate: FAR_FUTURE,
    onboardDate: 1_569_398_400_000,
    status: "TRADING",
    maintMarginPercent: maintenance,
    requiredMarginPercent: (Number(maintenance) * 2).toFixed(4),
    baseAsset: spec.base,
    quoteAsset: "USDT",
    marginAsset: "USDT",
    pricePrecision: decimalsOf(spec.tickSize),
    quantityPrecision: decimalsOf(spec.lotSize),
    baseAssetPrecision: 8,
    quotePrecision: 8,
    underlyingType: "COIN",
    underlyingSubType: [],
    triggerProtect: "0.0500",
    liquidationFee: "0.012500",
    marketTakeBound: "0.05",
    maxMoveOrderLimit: 10_000,
    filters: [
      { filterType: "PRICE_FILTER", minPrice: spec.tickSize, maxPrice: "4529764", tickSize: spec.tickSize },
      { filterType: "LOT_SIZE", stepSize: spec.lotSize, maxQty: "1000000", minQty: spec.lotSize },
      { filterType: "MARKET_LOT_SIZE", stepSize: spec.lotSize, maxQty: "120000", minQty: spec.lotSize },
      { filterType: "MAX_NUM_ORDERS", limit: 200 },
      { filterType: "MAX_NUM_ALGO_ORDERS", limit: 10 },
      { filterType: "MIN_NOTIONAL", notional: spec.minNotional },
      { filterType: "PERCENT_PRICE", multiplierUp: "1.0500", multiplierDown: "0.9500", multiplierDecimal: "4" },
    ],
    orderTypes: ["LIMIT", "MARKET", "STOP", "STOP_MARKET", "TAKE_PROFIT", "TAKE_PROFIT_MARKET", "TRAILING_STOP_MARKET"],
    timeInForce: ["GTC", "IOC", "FOK", "GTX", "GTD"],
    permissionSets: ["GRID", "COPY"],
  };
}

/** Binance's status of an order: an IOC or market remainder the book could not fill has expired. */
function orderStatus(order: FakeOrder): string {
  if (order.status !== "CANCELED") return order.status;
  return order.reason === "IOC_REMAINDER" || order.reason === "NO_LIQUIDITY" || order.reason === "PRICE_PROTECTION" ? "EXPIRED" : "CANCELED";
}

const TIF_NAMES = { GTC: "GTC", IOC: "IOC", FOK: "FOK", POST_ONLY: "GTX" } as const;

/** An order as the order endpoints answer it (newOrderRespType RESULT, and GET with its creation time). */
export function orderJson(market: FakeMarket, order: FakeOrder) {
  const { spec } = market;
  return {
    orderId: Number(order.orderId),
    symbol: spec.id,
    status: orderStatus(order),
    clientOrderId: order.clientOrderId ?? "",
    price: order.price === null ? "0" : priceText(spec, order.price),
    avgPrice: order.filledSize === 0 ? "0" : unitPrice(spec, order.filledNotional, BigInt(order.filledSize), decimalsOf(spec.tickSize) + 5),
    origQty: sizeText(spec, order.size),
    executedQty: sizeText(spec, order.filledSize),
    cumQty: sizeText(spec, order.filledSize),
    cumQuote: formatAtoms(order.filledNotional),
    timeInForce: order.timeInForce === null ? "GTC" : TIF_NAMES[order.timeInForce],
    type: order.type,
    reduceOnly: order.reduceOnly,
    closePosition: false,
    side: order.side,
    positionSide: "BOTH",
    stopPrice: "0",
    workingType: "CONTRACT_PRICE",
    priceProtect: false,
    origType: order.type,
    priceMatch: "NONE",
    selfTradePreventionMode: "EXPIRE_MAKER",
    goodTillDate: 0,
    time: order.createdAt,
    updateTime: order.updatedAt,
  };
}

export function aggTrade(trade: VenueTrade, market: FakeMarket) {
  const id = Number(trade.id);
  return { a: id, p: priceText(market.spec, trade.price), q: sizeText(market.spec, trade.size), f: id, l: id, T: trade.time, m: trade.side === "SELL" };
}

export function kline(market: FakeMarket, c: VenueCandle, ms: number) {
  const { spec } = market;
  const quote = BigInt(c.close) * BigInt(c.volumeLots) * market.sim.risk.units.atomsPerTickLot;
  return [
    c.time,
    priceText(spec, c.open),
    priceText(spec, c.high),
    priceText(spec, c.low),
    priceText(spec, c.close),
    sizeText(spec, c.volumeLots),
    c.time + ms - 1,
    formatAtoms(quote),
    0,
    "0",
    "0",
    "0",
  ] as const;
}

/** The next funding time (every eight hours) and the rate due then: eight hourly rates. */
export function funding(market: FakeMarket, now: number) {
  return { rate: rateText(market.sim.fundingRateE8 * 8n), nextFundingTime: (Math.floor(now / EIGHT_HOURS) + 1) * EIGHT_HOURS };
}

export function premiumIndex(market: FakeMarket, now: number) {
  const { spec, sim } = market;
  const next = funding(market, now);
  return {
    symbol: spec.id,
    markPrice: priceText(spec, sim.markPrice),
    indexPrice: priceText(spec, sim.indexPrice),
    estimatedSettlePrice: priceText(spec, sim.indexPrice),
    lastFundingRate: next.rate,
    interestRate: "0.00010000",
    nextFundingTime: next.nextFundingTime,
    time: now,
  };
}

/** The account's positions with their margin, as positionRisk and account list them. */
export function positionRows(exchange: FakeExchange, owner: string, account: AccountState, isolated: (symbol: string) => boolean) {
  const margin = exchange.margin(owner, account);
  return margin.positions.map((row) => {
    const market = exchange.market(row.symbol)!;
    const { spec, sim } = market;
    const held = account.positions.get(row.symbol)!;
    const { position } = held;
    return {
      symbol: spec.id,
      positionSide: "BOTH",
      positionAmt: sizeText(spec, position.sizeLots),
      entryPrice: unitPrice(spec, position.costBasis, position.sizeLots, decimalsOf(spec.tickSize) + 6),
      breakEvenPrice: unitPrice(spec, position.costBasis, position.sizeLots, decimalsOf(spec.tickSize) + 6),
      markPrice: priceText(spec, sim.markPrice),
      unRealizedProfit: formatAtoms(row.unrealizedPnl),
      liquidationPrice: row.liquidationPriceTicks === null ? "0" : priceText(spec, row.liquidationPriceTicks),
      leverage: String(held.leverage),
      marginType: isolated(spec.id) ? "isolated" : "cross",
      isolatedMargin: "0",
      notional: formatAtoms(row.notional),
      marginAsset: "USDT",
      isolatedWallet: "0",
      initialMargin: formatAtoms(row.initialMargin),
      maintMargin: formatAtoms(row.maintenanceMargin),
      positionInitialMargin: formatAtoms(row.initialMargin),
      openOrderInitialMargin: "0",
      adl: 0,
      bidNotional: "0",
      askNotional: "0",
      maxNotionalValue: "1000000000",
      updateTime: held.updatedAt,
      unrealizedProfit: formatAtoms(row.unrealizedPnl),
    };
  });
}

/** The USDT line of the account's balances and its totals. */
export function usdtBalance(exchange: FakeExchange, owner: string, account: AccountState) {
  const margin = exchange.margin(owner, account);
  const available = margin.available < 0n ? 0n : margin.available;
  return {
    walletBalance: formatAtoms(margin.collateral),
    unrealizedProfit: formatAtoms(margin.unrealizedPnl),
    marginBalance: formatAtoms(margin.equity),
    maintMargin: formatAtoms(margin.maintenanceMargin),
    initialMargin: formatAtoms(margin.initialMargin + margin.orderMargin),
    positionInitialMargin: formatAtoms(margin.initialMargin),
    openOrderInitialMargin: formatAtoms(margin.orderMargin),
    crossWalletBalance: formatAtoms(margin.collateral),
    crossUnPnl: formatAtoms(margin.unrealizedPnl),
    availableBalance: formatAtoms(available),
    maxWithdrawAmount: formatAtoms(available),
    updateTime: account.updatedAt,
  };
}
