// The account's endpoints (signed with the API key's secret): orders, positions, balances, leverage, and
// the user-data stream's listen key (key only). Refusals carry Binance's codes and words.
import { randomBytes } from "node:crypto";
import { formatAtoms } from "../../../engine/accounts/market-units";
import type { PlaceOrder, TimeInForce } from "../../venue";
import type { PlaceRefusal } from "../core/fake-exchange";
import type { FakeMarket } from "../core/fake-market";
import type { FakeResponse } from "../core/fake-server";
import type { FakeOrder } from "../core/ledger";
import { priceText, sizeText, stepsOf } from "../core/wire-units";
import { type BinanceCall, limitParam, marketsParam, ok, type Route, withMarket } from "./route";
import { mandatory } from "./signed-request";
import { binanceError, orderJson, positionRows, usdtBalance } from "./wire";

const CLIENT_ORDER_ID = /^[.A-Z:/a-z0-9_-]{1,36}$/;
/** Binance broker programs put their id at the front of the client order id (ccxt's default: "x-…"). */
const BROKER_PREFIX = /^x-/;
const TIME_IN_FORCE: Record<string, TimeInForce> = { GTC: "GTC", IOC: "IOC", GTX: "POST_ONLY" };

/** A decimal parameter in whole steps, or Binance's refusal. */
function stepsParam(call: BinanceCall, name: string, step: string): number | FakeResponse {
  const text = call.params.get(name);
  if (text === null || text === "") return mandatory(name);
  if (!/^-?\d+(\.\d+)?$/.test(text))
    return binanceError(400, -1100, `Illegal characters found in parameter '${name}'; legal range is '^([0-9]{1,20})(\\.[0-9]{1,20})?$'.`);
  return stepsOf(text, step) ?? binanceError(400, -1111, "Precision is over the maximum defined for this asset.");
}

const newOrder = withMarket((call, market) => {
  const { params, venue, apiKey } = call;
  const side = params.get("side");
  const type = params.get("type");
  if (side === null) return mandatory("side");
  if (side !== "BUY" && side !== "SELL") return binanceError(400, -1117, "Invalid side.");
  if (type === null) return mandatory("type");
  if (type !== "LIMIT" && type !== "MARKET") return binanceError(400, -1116, "Invalid orderType.");
  if ((params.get("positionSide") ?? "BOTH") !== "BOTH") return binanceError(400, -4061, "Order's position side does not match user's setting.");
  const size = stepsParam(call, "quantity", market.spec.lotSize);
  if (typeof size !== "number") return size;
  if (size <= 0) return binanceError(400, -4003, "Quantity less than or equal to zero.");
  const order: PlaceOrder = { symbol: market.spec.id, side, type, size, reduceOnly: params.get("reduceOnly") === "true" };
  if (type === "LIMIT") {
    const price = stepsParam(call, "price", market.spec.tickSize);
    if (typeof price !== "number") return price;
    if (price <= 0) return binanceError(400, -4001, "Price less than 0.");
    const tif = params.get("timeInForce");
    if (tif === null) return mandatory("timeInForce");
    if (TIME_IN_FORCE[tif] === undefined) return binanceError(400, -1115, "Invalid timeInForce.");
    Object.assign(order, { price, timeInForce: TIME_IN_FORCE[tif] });
  } else if (params.has("price")) {
    return binanceError(400, -1106, "Parameter 'price' sent when not required.");
  }
  const clientOrderId = params.get("newClientOrderId");
  if (clientOrderId !== null) {
    if (!CLIENT_ORDER_ID.test(clientOrderId) || (BROKER_PREFIX.test(clientOrderId) && !venue.settings.allowBrokerIds)) {
      return binanceError(400, -4015, "Client order id is not valid.");
    }
    if (venue.exchange.openOrders(apiKey).some((o) => o.clientOrderId === clientOrderId)) return binanceError(400, -4116, "ClientOrderId is duplicated.");
    order.clientOrderId = clientOrderId;
  }
  const result = venue.exchange.place(apiKey, order);
  if (!result.ok) return refusal(market, result.refusal);
  result.order.clientOrderId ??= `fake_${result.order.orderId}`;
  return ok(orderJson(market, result.order));
});

function refusal(market: FakeMarket, reason: PlaceRefusal): FakeResponse {
  switch (reason) {
    case "MIN_NOTIONAL":
      return binanceError(400, -4164, `Order's notional must be no smaller than ${market.spec.minNotional} (unless you choose reduce only).`);
    case "INSUFFICIENT_MARGIN":
      return binanceError(400, -2019, "Margin is insufficient.");
    case "REDUCE_ONLY_WOULD_INCREASE":
      return binanceError(400, -2022, "ReduceOnly Order is rejected.");
    case "POST_ONLY_WOULD_CROSS":
      return binanceError(
        400,
        -5022,
        "Due to the order could not be executed as maker, the Post Only order will be rejected. The order will not be recorded in the order history",
      );
    case "NO_LIQUIDITY":
    case "PRICE_PROTECTION":
      return binanceError(400, -2020, "Unable to fill.");
    default:
      return binanceError(400, -1000, `An unknown error occured while processing the request (${reason}).`);
  }
}

/** The account's order the request names by orderId or origClientOrderId, in the symbol's market. */
function namedOrder(call: BinanceCall, market: FakeMarket): FakeOrder | FakeResponse | undefined {
  const orderId = call.params.get("orderId");
  const clientId = call.params.get("origClientOrderId");
  if (orderId === null && clientId === null) return binanceError(400, -1102, "Either orderId or origClientOrderId must be sent.");
  const { exchange } = call.venue;
  const order = orderId !== null ? exchange.order(call.apiKey, orderId) : exchange.orderByClientId(call.apiKey, clientId!);
  return order?.symbol === market.spec.id ? order : undefined;
}

const cancelOrder = withMarket((call, market) => {
  const order = namedOrder(call, market);
  if (order !== undefined && !("orderId" in order)) return order;
  const canceled = order === undefined ? undefined : call.venue.exchange.cancel(call.apiKey, order.orderId);
  return canceled === undefined ? binanceError(400, -2011, "Unknown order sent.") : ok(orderJson(market, canceled));
});

const queryOrder = (openOnly: boolean) =>
  withMarket((call, market) => {
    const order = namedOrder(call, market);
    if (order !== undefined && !("orderId" in order)) return order;
    const found = order !== undefined && (!openOnly || order.status === "NEW" || order.status === "PARTIALLY_FILLED");
    return found ? ok(orderJson(market, order)) : binanceError(400, -2013, "Order does not exist.");
  });

function openOrders(call: BinanceCall): FakeResponse {
  const markets = marketsParam(call);
  if (!Array.isArray(markets)) return markets;
  const { exchange } = call.venue;
  const wanted = new Set(markets.map((m) => m.spec.id));
  return ok(
    exchange
      .openOrders(call.apiKey)
      .filter((o) => wanted.has(o.symbol))
      .map((o) => orderJson(exchange.market(o.symbol)!, o)),
  );
}

const cancelAll = withMarket((call, market) => {
  for (const order of call.venue.exchange.openOrders(call.apiKey, market.spec.id)) call.venue.exchange.cancel(call.apiKey, order.orderId);
  return ok({ code: 200, msg: "The operation of cancel all open order is done." });
});

const allOrders = withMarket((call, market) =>
  ok(
    [...call.venue.exchange.ledger.orders.values()]
      .filter((o) => o.owner === call.apiKey && o.symbol === market.spec.id)
      .slice(-limitParam(call, 500, 1000))
      .map((o) => orderJson(market, o)),
  ),
);

const userTrades = withMarket((call, market) =>
  ok(
    call.venue.exchange
      .fills(call.apiKey)
      .filter((f) => f.symbol === market.spec.id)
      .slice(-limitParam(call, 500, 1000))
      .map((f) => ({
        buyer: f.side === "BUY",
        commission: formatAtoms(f.fee),
        commissionAsset: "USDT",
        id: Number(f.tradeId),
        maker: f.liquidity === "MAKER",
        orderId: Number(f.orderId),
        price: priceText(market.spec, f.price),
        qty: sizeText(market.spec, f.size),
        quoteQty: formatAtoms(BigInt(f.price) * BigInt(f.size) * market.sim.risk.units.atomsPerTickLot),
        realizedPnl: formatAtoms(f.realizedPnl),
        side: f.side,
        positionSide: "BOTH",
        symbol: market.spec.id,
        time: f.time,
      })),
  ),
);

function accountOf(call: BinanceCall) {
  return call.venue.exchange.account(call.apiKey)!;
}

const isolatedOf = (call: BinanceCall) => (symbol: string) => call.venue.isolated.has(`${call.apiKey}:${symbol}`);

/** positionRisk: v3 lists held positions only and no leverage; v2 lists every market with its leverage. */
const positionRisk = (version: 2 | 3) => (call: BinanceCall) => {
  const markets = marketsParam(call);
  if (!Array.isArray(markets)) return markets;
  const account = accountOf(call);
  const rows = positionRows(call.venue.exchange, call.apiKey, account, isolatedOf(call));
  const wanted = markets.map((m) => m.spec.id);
  if (version === 3) {
    return ok(rows.filter((r) => wanted.includes(r.symbol)).map(({ leverage, marginType, maxNotionalValue, unrealizedProfit, ...row }) => row));
  }
  return ok(
    markets.map((m) => {
      const row = rows.find((r) => r.symbol === m.spec.id);
      const leverage = String(call.venue.exchange.leverage(call.apiKey, m));
      const flat = {
        positionAmt: "0",
        entryPrice: "0.0",
        breakEvenPrice: "0.0",
        markPrice: priceText(m.spec, m.sim.markPrice),
        unRealizedProfit: "0",
        notional: "0",
      };
      const base = row ?? { symbol: m.spec.id, ...flat, liquidationPrice: "0", isolatedMargin: "0", isolatedWallet: "0", updateTime: 0 };
      return {
        symbol: m.spec.id,
        positionAmt: base.positionAmt,
        entryPrice: base.entryPrice,
        breakEvenPrice: base.breakEvenPrice,
        markPrice: base.markPrice,
        unRealizedProfit: base.unRealizedProfit,
        liquidationPrice: base.liquidationPrice,
        leverage,
        maxNotionalValue: "1000000000",
        marginType: isolatedOf(call)(m.spec.id) ? "isolated" : "cross",
        isolatedMargin: base.isolatedMargin,
        isAutoAddMargin: "false",
        positionSide: "BOTH",
        notional: base.notional,
        isolatedWallet: base.isolatedWallet,
        updateTime: base.updateTime,
        isolated: isolatedOf(call)(m.spec.id),
        adlQuantile: 0,
      };
    }),
  );
};

const accountInfo = (version: 2 | 3) => (call: BinanceCall) => {
  const account = accountOf(call);
  const usdt = usdtBalance(call.venue.exchange, call.apiKey, account);
  const positions = positionRows(call.venue.exchange, call.apiKey, account, isolatedOf(call)).map((r) => ({
    symbol: r.symbol,
    positionSide: r.positionSide,
    positionAmt: r.positionAmt,
    unrealizedProfit: r.unRealizedProfit,
    isolatedMargin: r.isolatedMargin,
    notional: r.notional,
    isolatedWallet: r.isolatedWallet,
    initialMargin: r.initialMargin,
    maintMargin: r.maintMargin,
    updateTime: r.updateTime,
    ...(version === 2 ? { leverage: r.leverage, entryPrice: r.entryPrice, maxNotional: r.maxNotionalValue, isolated: r.marginType === "isolated" } : {}),
  }));
  const totals = {
    totalInitialMargin: usdt.initialMargin,
    totalMaintMargin: usdt.maintMargin,
    totalWalletBalance: usdt.walletBalance,
    totalUnrealizedProfit: usdt.unrealizedProfit,
    totalMarginBalance: usdt.marginBalance,
    totalPositionInitialMargin: usdt.positionInitialMargin,
    totalOpenOrderInitialMargin: usdt.openOrderInitialMargin,
    totalCrossWalletBalance: usdt.crossWalletBalance,
    totalCrossUnPnl: usdt.crossUnPnl,
    availableBalance: usdt.availableBalance,
    maxWithdrawAmount: usdt.maxWithdrawAmount,
  };
  const v2 = { feeTier: 0, feeBurn: false, canTrade: true, canDeposit: true, canWithdraw: true, updateTime: 0, multiAssetsMargin: false, tradeGroupId: -1 };
  return ok({ ...(version === 2 ? v2 : {}), ...totals, assets: [{ asset: "USDT", ...usdt, marginAvailable: true }], positions });
};

function balance(call: BinanceCall): FakeResponse {
  const usdt = usdtBalance(call.venue.exchange, call.apiKey, accountOf(call));
  return ok([
    {
      accountAlias: "SgsR",
      asset: "USDT",
      balance: usdt.walletBalance,
      crossWalletBalance: usdt.crossWalletBalance,
      crossUnPnl: usdt.crossUnPnl,
      availableBalance: usdt.availableBalance,
      maxWithdrawAmount: usdt.maxWithdrawAmount,
      marginAvailable: true,
      updateTime: usdt.updateTime,
    },
  ]);
}

const setLeverage = withMarket((call, market) => {
  const leverage = Number(call.params.get("leverage"));
  if (!call.params.has("leverage")) return mandatory("leverage");
  if (call.venue.exchange.setLeverage(call.apiKey, market.spec.id, leverage) !== "OK")
    return binanceError(400, -4028, `Leverage ${call.params.get("leverage")} is not valid`);
  return ok({ leverage, maxNotionalValue: "1000000000", symbol: market.spec.id });
});

const setMarginType = withMarket((call, market) => {
  const wanted = call.params.get("marginType");
  if (wanted !== "ISOLATED" && wanted !== "CROSSED") return mandatory("marginType");
  const key = `${call.apiKey}:${market.spec.id}`;
  if (call.venue.isolated.has(key) === (wanted === "ISOLATED")) return binanceError(400, -4046, "No need to change margin type.");
  if (wanted === "ISOLATED") call.venue.isolated.add(key);
  else call.venue.isolated.delete(key);
  return ok({ code: 200, msg: "success" });
});

function leverageBracket(call: BinanceCall): FakeResponse {
  const markets = marketsParam(call);
  if (!Array.isArray(markets)) return markets;
  return ok(
    markets.map((m) => ({
      symbol: m.spec.id,
      notionalCoef: 1,
      brackets: [
        {
          bracket: 1,
          initialLeverage: m.spec.maxLeverage,
          notionalCap: 1_000_000_000,
          notionalFloor: 0,
          maintMarginRatio: m.sim.risk.maintenanceMarginBps / 10_000,
          cum: 0,
        },
      ],
    })),
  );
}

const SIGNED = "SIGNED" as const;
const openOrdersWeight = (params: URLSearchParams) => (params.has("symbol") ? 1 : 40);

export const ACCOUNT_ROUTES: Record<string, Route> = {
  "POST /fapi/v1/order": { security: SIGNED, weight: 1, answer: newOrder },
  "DELETE /fapi/v1/order": { security: SIGNED, weight: 1, answer: cancelOrder },
  "GET /fapi/v1/order": { security: SIGNED, weight: 1, answer: queryOrder(false) },
  "GET /fapi/v1/openOrder": { security: SIGNED, weight: 1, answer: queryOrder(true) },
  "GET /fapi/v1/openOrders": { security: SIGNED, weight: openOrdersWeight, answer: openOrders },
  "DELETE /fapi/v1/allOpenOrders": { security: SIGNED, weight: 1, answer: cancelAll },
  "GET /fapi/v1/allOrders": { security: SIGNED, weight: 5, answer: allOrders },
  "GET /fapi/v1/userTrades": { security: SIGNED, weight: 5, answer: userTrades },
  "GET /fapi/v2/positionRisk": { security: SIGNED, weight: 5, answer: positionRisk(2) },
  "GET /fapi/v3/positionRisk": { security: SIGNED, weight: 5, answer: positionRisk(3) },
  "GET /fapi/v2/account": { security: SIGNED, weight: 5, answer: accountInfo(2) },
  "GET /fapi/v3/account": { security: SIGNED, weight: 5, answer: accountInfo(3) },
  "GET /fapi/v2/balance": { security: SIGNED, weight: 5, answer: balance },
  "GET /fapi/v3/balance": { security: SIGNED, weight: 5, answer: balance },
  "POST /fapi/v1/leverage": { security: SIGNED, weight: 1, answer: setLeverage },
  "POST /fapi/v1/marginType": { security: SIGNED, weight: 1, answer: setMarginType },
  "GET /fapi/v1/leverageBracket": { security: SIGNED, weight: 1, answer: leverageBracket },
  "GET /fapi/v1/positionSide/dual": { security: SIGNED, weight: 30, answer: () => ok({ dualSidePosition: false }) },
  "GET /fapi/v1/commissionRate": {
    security: SIGNED,
    weight: 20,
    answer: withMarket((_call, { spec, sim }) =>
      ok({ symbol: spec.id, makerCommissionRate: String(sim.venue.makerFeeBps / 10_000), takerCommissionRate: String(sim.venue.takerFeeBps / 10_000) }),
    ),
  },
  "POST /fapi/v1/listenKey": {
    security: "USER_STREAM",
    weight: 1,
    answer: (call) => {
      const listenKey = randomBytes(32).toString("base64url").slice(0, 60);
      call.venue.listenKeys.set(listenKey, call.apiKey);
      return ok({ listenKey });
    },
  },
  "PUT /fapi/v1/listenKey": { security: "USER_STREAM", weight: 1, answer: () => ok({}) },
  "DELETE /fapi/v1/listenKey": { security: "USER_STREAM", weight: 1, answer: () => ok({}) },
};
