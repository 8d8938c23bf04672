// What an agent key with account:read reads.
import { ORDER_LIST_STATUSES, type OrderListStatus } from "../../../trading/contract/orders";
import { listCommand } from "../command";
import { numberArg, UsageError } from "../context";

export const positions = listCommand({
  name: "positions",
  summary: "open positions on every venue",
  fetch: (ctx) => ctx.trading.positions(),
  columns: ["VENUE", "SYMBOL", "SIDE", "SIZE", "ENTRY", "MARK", "PNL"],
  row: (p) => [p.venue, p.symbol, p.side, p.size, p.entryPrice, p.markPrice, p.unrealizedPnl],
  empty: "No open positions.",
});

export const balances = listCommand({
  name: "balances",
  summary: "collateral, equity and what is available, per venue",
  fetch: (ctx) => ctx.trading.balances(),
  columns: ["VENUE", "EQUITY", "AVAILABLE", "MARGIN"],
  row: (b) => [b.venue, b.equity, b.available, b.initialMargin],
});

export const orders = listCommand({
  name: "orders",
  usage: `orders [--status ${ORDER_LIST_STATUSES.join("|")}] [--symbol SYMBOL] [--count N]`,
  summary: "live orders, or the history of orders placed through Bourse",
  fetch: (ctx) => {
    const status = ctx.flags.status;
    if (status !== undefined && !(ORDER_LIST_STATUSES as readonly string[]).includes(status))
      throw new UsageError(`--status is one of ${ORDER_LIST_STATUSES.join(", ")}`);
    return ctx.trading.orders({ status: status as OrderListStatus | undefined, symbol: ctx.flags.symbol, limit: numberArg(ctx.flags.count, "--count") });
  },
  columns: ["VENUE", "ORDER", "SYMBOL", "SIDE", "TYPE", "QTY", "PRICE", "FILLED", "STATUS"],
  row: (o) => [o.venue, o.orderId ?? "-", o.symbol, o.side, o.type, o.quantity, o.price ?? "-", o.filledQuantity, o.status],
  empty: "No orders.",
});

export const pairs = listCommand({
  name: "pairs",
  summary: "long/short pairs with their basket PnL",
  fetch: (ctx) => ctx.trading.pairs(),
  columns: ["PAIR", "VENUE", "LONG", "SHORT", "STATUS", "PNL"],
  row: (p) => [p.id, p.venue, p.longSymbol, p.shortSymbol, p.status, p.basketPnl],
  empty: "No pairs.",
});
