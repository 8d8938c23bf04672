// What an agent key with the trade scope does. Executions carry an Idempotency-Key (--idempotency-key, or a new one).
import type { PlaceOrderInput } from "../../../trading/contract/orders";
import type { ParentOrderView } from "../../../trading/contract/orders";
import type { PairView } from "../../../trading/contract/pairs";
import type { Command } from "../command";
import { table, withSubcommands } from "../command";
import { type CliContext, numberArg, required, UsageError, given } from "../context";
import { sideArg } from "./market";

const orderText = (o: ParentOrderView) =>
  `${o.outcome}\n${table([["VENUE", "ORDER", "STATUS", "FILLED", "AVERAGE", "FEES"], ...o.children.map((c) => [c.venue, c.orderId ?? "-", c.status, c.filledQuantity, c.averagePrice ?? "-", c.fees])])}`;

/** The order type the price flags make: --limit and/or --stop. */
function orderType(limit: string | undefined, stop: string | undefined): PlaceOrderInput["type"] {
  if (stop === undefined) return limit === undefined ? "MARKET" : "LIMIT";
  return limit === undefined ? "STOP_MARKET" : "STOP_LIMIT";
}

function orderInput(ctx: CliContext, args: string[]): PlaceOrderInput {
  const { flags } = ctx;
  return {
    side: sideArg(args[0]),
    quantity: required(args, 1, "QUANTITY"),
    symbol: required(args, 2, "SYMBOL"),
    type: orderType(flags.limit, flags.stop),
    ...given("price", flags.limit),
    ...given("triggerPrice", flags.stop),
    ...given("preferredExchange", flags.venue),
    ...given("slippage", numberArg(flags.slippage, "--slippage")),
    ...(flags["reduce-only"] ? { reduceOnly: true } : {}),
  };
}

export const order: Command = {
  name: "order",
  usage:
    "order buy|sell QUANTITY SYMBOL [--limit PRICE] [--stop TRIGGER] [--venue VENUE] [--slippage FRACTION] [--reduce-only] [--dry-run] [--idempotency-key KEY]",
  summary: "place a smart-routed order, or with --dry-run see its plan, fees and risk verdict",
  run: async (ctx, args) => {
    const input = orderInput(ctx, args);
    if (ctx.flags["dry-run"]) {
      const preview = await ctx.trading.previewOrder(input);
      return {
        json: preview,
        text: `Dry run, nothing sent. ${preview.outcome}\n${table([["VENUE", "QTY", "FILLS NOW", "AVERAGE", "FEE", "RESTS"], ...preview.children.map((c) => [c.venue, c.quantity, c.fillsNow, c.averagePrice ?? "-", c.fee, c.rests])])}`,
      };
    }
    const placed = await ctx.trading.placeOrder(input, ctx.flags["idempotency-key"]);
    return { json: placed, text: orderText(placed) };
  },
};

export const cancel: Command = {
  name: "cancel",
  usage: "cancel VENUE ORDER_ID [--idempotency-key KEY] | cancel --all [--symbol SYMBOL]",
  summary: "cancel one live order, or all of them",
  run: async (ctx, args) => {
    if (ctx.flags.all) {
      const done = await ctx.trading.cancelAllOrders(ctx.flags.symbol);
      return { json: done, text: `${done.cancelled.length} orders cancelled${done.failures.length > 0 ? `; ${done.failures.join("; ")}` : "."}` };
    }
    const cancelled = await ctx.trading.cancelOrder(required(args, 0, "VENUE"), required(args, 1, "ORDER_ID"), ctx.flags["idempotency-key"]);
    return { json: cancelled, text: `${cancelled.venue} ${cancelled.orderId}: ${cancelled.status}, ${cancelled.filledQuantity} filled.` };
  },
};

const DIRECTIONS = { long: "LONG", short: "SHORT" } as const;

const positionFlags = (ctx: CliContext) => ({
  ...given("venue", ctx.flags.venue),
  ...given("slippage", numberArg(ctx.flags.slippage, "--slippage")),
  ...given("quantity", ctx.flags.quantity),
});

const positionOutput = ({ order }: { order: ParentOrderView }) => ({ json: order, text: orderText(order) });

export const position = withSubcommands({
  name: "position",
  summary: "open or close a position at market",
  subcommands: {
    open: {
      usage: "long|short SYMBOL (--quantity Q | --notional USD) [--leverage N] [--venue VENUE]",
      run: async (ctx, args) => {
        const side = DIRECTIONS[required(args, 0, "long or short") as keyof typeof DIRECTIONS];
        if (side === undefined) throw new UsageError("position open takes long or short");
        const input = {
          side,
          symbol: required(args, 1, "SYMBOL"),
          ...positionFlags(ctx),
          ...given("notionalUsd", numberArg(ctx.flags.notional, "--notional")),
          ...given("leverage", numberArg(ctx.flags.leverage, "--leverage")),
        };
        return positionOutput(await ctx.trading.openPosition(input, ctx.flags["idempotency-key"]));
      },
    },
    close: {
      usage: "SYMBOL [--quantity Q] [--venue VENUE]",
      run: async (ctx, args) =>
        positionOutput(await ctx.trading.closePosition({ symbol: required(args, 0, "SYMBOL"), ...positionFlags(ctx) }, ctx.flags["idempotency-key"])),
    },
  },
});

const pairOutput = (p: PairView) => ({
  json: p,
  text: `Pair ${p.id} on ${p.venue}: long ${p.longSymbol}, short ${p.shortSymbol}, ${p.status}, basket PnL ${p.basketPnl} USD.`,
});

export const pair = withSubcommands({
  name: "pair",
  summary: "open or close a long/short pair",
  subcommands: {
    open: {
      usage: "LONG_SYMBOL SHORT_SYMBOL --notional USD --leverage N [--venue VENUE]",
      run: async (ctx, args) => {
        const input = {
          longSymbol: required(args, 0, "LONG_SYMBOL"),
          shortSymbol: required(args, 1, "SHORT_SYMBOL"),
          notionalUsd: numberArg(ctx.flags.notional, "--notional") ?? missing("--notional"),
          leverage: numberArg(ctx.flags.leverage, "--leverage") ?? missing("--leverage"),
          ...given("venue", ctx.flags.venue),
        };
        return pairOutput(await ctx.trading.openPair(input, ctx.flags["idempotency-key"]));
      },
    },
    close: {
      usage: "PAIR_ID",
      run: async (ctx, args) => pairOutput(await ctx.trading.closePair(required(args, 0, "PAIR_ID"), ctx.flags["idempotency-key"])),
    },
  },
});

function missing(what: string): never {
  throw new UsageError(`missing ${what}`);
}
