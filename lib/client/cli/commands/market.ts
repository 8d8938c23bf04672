// Public market data: no key needed.
import { candleIntervals } from "../../../trading/contract/market-data";
import type { CandleInterval, RouteSide } from "../../market-data";
import type { Command } from "../command";
import { listCommand, table } from "../command";
import { numberArg, required, UsageError } from "../context";

export const markets = listCommand({
  name: "markets",
  summary: "tradable markets with mark, 24-hour change and volume",
  fetch: (ctx) => ctx.market.tokenPairs(),
  columns: ["SYMBOL", "MARK", "24H %", "VOLUME 24H"],
  row: (m) => [m.symbol, m.markPrice ?? "-", m.change24h ?? "-", m.volume24h],
});

export const book: Command = {
  name: "book",
  usage: "book SYMBOL [--depth N] [--group N]",
  summary: "the order book merged across venues",
  run: async (ctx, args) => {
    const b = await ctx.market.book({
      symbol: required(args, 0, "SYMBOL"),
      depth: numberArg(ctx.flags.depth, "--depth"),
      group: numberArg(ctx.flags.group, "--group"),
    });
    const side = (levels: typeof b.asks) => levels.map((l) => [l.price, l.size, Object.keys(l.venues).join(",")]);
    return {
      json: b,
      text: `${b.symbol}  bid ${b.bestBid ?? "-"}  ask ${b.bestAsk ?? "-"}  spread ${b.spread ?? "-"}\n${table([["ASK", "SIZE", "VENUES"], ...side([...b.asks].reverse()), ["BID", "SIZE", "VENUES"], ...side(b.bids)])}`,
    };
  },
};

export const candles = listCommand({
  name: "candles",
  usage: `candles SYMBOL [--interval ${candleIntervals.join("|")}] [--count N]`,
  summary: "candles across venues, oldest first",
  fetch: (ctx, args) => {
    const interval = ctx.flags.interval;
    if (interval !== undefined && !(candleIntervals as readonly string[]).includes(interval))
      throw new UsageError(`--interval is one of ${candleIntervals.join(", ")}`);
    return ctx.market.candles({
      symbol: required(args, 0, "SYMBOL"),
      interval: interval as CandleInterval | undefined,
      limit: numberArg(ctx.flags.count, "--count"),
    });
  },
  columns: ["TIME", "OPEN", "HIGH", "LOW", "CLOSE", "VOLUME"],
  row: (c) => [new Date(c.time).toISOString(), c.open, c.high, c.low, c.close, c.volume],
});

export const route: Command = {
  name: "route",
  usage: "route buy|sell QUANTITY SYMBOL",
  summary: "where a taker order would fill best, after fees",
  run: async (ctx, args) => {
    const r = await ctx.market.routing({ side: sideArg(args[0]), quantity: required(args, 1, "QUANTITY"), symbol: required(args, 2, "SYMBOL") });
    return {
      json: r,
      text: `${r.side} ${r.quantity} ${r.symbol}: average ${r.avgPrice ?? "-"}, fees ${r.fees} USD\n${table([["VENUE", "SIZE", "AVERAGE", "FEE"], ...r.legs.map((l) => [l.venue, l.size, l.avgPrice, l.fee])])}`,
    };
  },
};

export const trades = listCommand({
  name: "trades",
  usage: "trades SYMBOL [--count N]",
  summary: "recent trades across venues, newest first",
  fetch: (ctx, args) => ctx.market.trades(required(args, 0, "SYMBOL"), numberArg(ctx.flags.count, "--count")),
  columns: ["TIME", "VENUE", "SIDE", "PRICE", "SIZE"],
  row: (t) => [new Date(t.time).toISOString(), t.venue, t.side, t.price, t.size],
});

/** buy or sell, as the API's BUY or SELL. */
export function sideArg(value: string | undefined): RouteSide {
  const side = value?.toUpperCase();
  if (side !== "BUY" && side !== "SELL") throw new UsageError("the side is buy or sell");
  return side;
}
