// POST /info: the queries ccxt's hyperliquid.js makes, answered in Hyperliquid's shapes.
import { mergeCandles, intervalMs } from "../core/candle-intervals";
import { isOpen } from "../core/fake-exchange";
import type { FakeResponse } from "../core/fake-server";
import { rateText } from "../core/wire-units";
import type { HyperliquidVenue } from "./venue";
import { allMids, assetContext, candle, clearinghouseState, frontendOrder, l2Book, openOrder, orderStatusName, universe, userFill } from "./wire";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MAX_CANDLES = 5_000;
const MAX_ROWS = 2_000;

/** Hyperliquid's answer to a body it cannot read (its server's own words). */
export const UNREADABLE: FakeResponse = { status: 422, body: "Failed to deserialize the JSON body into the target type" };

const ok = (body: unknown): FakeResponse => ({ status: 200, body });

const USDC_TOKEN = {
  name: "USDC",
  szDecimals: 8,
  weiDecimals: 8,
  index: 0,
  tokenId: "0x6d1e7cde53ba9467b783cb7c530ce054",
  isCanonical: true,
  evmContract: null,
  fullName: null,
};

export function answerInfo(venue: HyperliquidVenue, request: Record<string, unknown>): FakeResponse {
  const { exchange } = venue;
  const user = typeof request.user === "string" ? request.user.toLowerCase() : undefined;
  const markets = exchange.marketList();
  switch (request.type) {
    case "meta":
      return ok(universe(markets));
    case "metaAndAssetCtxs":
      return ok([universe(markets), markets.map((m) => assetContext(exchange, m))]);
    case "spotMeta":
      return ok({ tokens: [USDC_TOKEN], universe: [] });
    case "spotMetaAndAssetCtxs":
      return ok([{ tokens: [USDC_TOKEN], universe: [] }, []]);
    case "perpDexs":
      return ok([null]);
    case "exchangeStatus":
      return ok({ time: exchange.now(), specialStatuses: null });
    case "allMids":
      return ok(allMids(exchange));
    case "l2Book": {
      const market = venue.market(request.coin);
      return ok(market === undefined ? null : l2Book(exchange, market));
    }
    case "candleSnapshot":
      return candleSnapshot(venue, request.req);
    case "fundingHistory":
      return fundingHistory(venue, request);
    case "userAbstraction":
      return user === undefined ? UNREADABLE : ok("default");
  }
  if (user === undefined) return UNREADABLE;
  switch (request.type) {
    case "clearinghouseState":
      return ok(clearinghouseState(exchange, user, (coin) => venue.isCross(user, coin)));
    case "extraAgents":
      // The API wallets the account approved, as Hyperliquid lists them (the fake's never expire).
      return ok(
        [...venue.agents].filter(([, account]) => account === user).map(([address]) => ({ name: "api", address, validUntil: exchange.now() + 180 * DAY })),
      );
    case "spotClearinghouseState":
      return ok({ balances: [{ coin: "USDC", token: 0, hold: "0.0", total: "0.0", entryNtl: "0.0" }] });
    case "openOrders":
      return ok(exchange.openOrders(user).map((o) => openOrder(exchange.market(o.symbol)!, o)));
    case "frontendOpenOrders":
      return ok(exchange.openOrders(user).map((o) => frontendOrder(exchange.market(o.symbol)!, o)));
    case "orderStatus":
      return orderStatus(venue, user, request.oid);
    case "historicalOrders":
      return ok(
        [...exchange.ledger.orders.values()]
          .filter((o) => o.owner === user)
          .slice(-MAX_ROWS)
          .map((o) => ({ order: frontendOrder(exchange.market(o.symbol)!, o), status: orderStatusName(o), statusTimestamp: o.updatedAt })),
      );
    case "userFills":
    case "userFillsByTime": {
      const from = typeof request.startTime === "number" ? request.startTime : 0;
      const to = typeof request.endTime === "number" ? request.endTime : Number.MAX_SAFE_INTEGER;
      const fills = exchange.fills(user).filter((f) => f.time >= from && f.time <= to);
      return ok(
        fills
          .slice(-MAX_ROWS)
          .reverse()
          .map((f) => userFill(exchange.market(f.symbol)!, f)),
      );
    }
    default:
      return UNREADABLE;
  }
}

function orderStatus(venue: HyperliquidVenue, user: string, oid: unknown): FakeResponse {
  const { exchange } = venue;
  const order =
    typeof oid === "number" ? exchange.order(user, String(oid)) : typeof oid === "string" ? exchange.orderByClientId(user, oid.toLowerCase()) : undefined;
  if (order === undefined) return ok({ status: "unknownOid" });
  return ok({
    status: "order",
    order: {
      order: frontendOrder(exchange.market(order.symbol)!, order),
      status: orderStatusName(order),
      statusTimestamp: isOpen(order) ? order.createdAt : order.updatedAt,
    },
  });
}

function candleSnapshot(venue: HyperliquidVenue, req: unknown): FakeResponse {
  if (typeof req !== "object" || req === null) return UNREADABLE;
  const { coin, interval, startTime, endTime } = req as Record<string, unknown>;
  const ms = typeof interval === "string" ? intervalMs(interval) : undefined;
  if (ms === undefined || typeof startTime !== "number") return UNREADABLE;
  const market = venue.market(coin);
  if (market === undefined) return ok([]);
  const end = typeof endTime === "number" ? endTime : venue.exchange.now();
  const minutes = venue.exchange.candles(market.spec.id, Math.floor(startTime / ms) * ms, end + 1);
  return ok(
    mergeCandles(minutes, ms)
      .slice(-MAX_CANDLES)
      .map((c) => candle(market, c, interval as string, ms)),
  );
}

/** Hourly funding at the current rate over the asked range (the fake keeps no funding history). */
function fundingHistory(venue: HyperliquidVenue, request: Record<string, unknown>): FakeResponse {
  const market = venue.market(request.coin);
  if (market === undefined || typeof request.startTime !== "number") return UNREADABLE;
  const end = typeof request.endTime === "number" ? request.endTime : venue.exchange.now();
  const rows = [];
  for (let t = Math.ceil(request.startTime / HOUR) * HOUR; t <= end && rows.length < 500; t += HOUR) {
    rows.push({ coin: market.spec.id, fundingRate: rateText(market.sim.fundingRateE8), premium: "0", time: t });
  }
  return ok(rows);
}
