// Live streams: each event printed as it comes (one JSON line each with --json), resyncing after a drop.
import type { StreamEvent } from "../../stream";
import { withSubcommands } from "../command";
import { type CliContext, numberArg, required } from "../context";
import type { Output } from "../context";

async function* printed<T>(ctx: CliContext, events: AsyncIterable<StreamEvent<T>>, line: (data: T) => string): AsyncIterable<Output> {
  const count = numberArg(ctx.flags.count, "--count");
  let n = 0;
  for await (const event of events) {
    yield { json: event, text: `${event.kind} ${event.seq}: ${line(event.data)}` };
    if (count !== undefined && ++n >= count) return;
  }
}

export const watch = withSubcommands({
  name: "watch",
  summary: "follow the live book or trades until interrupted (or --count events)",
  subcommands: {
    book: {
      usage: "SYMBOL [--depth N] [--count N]",
      run: (ctx, args) =>
        printed(
          ctx,
          ctx.market.follow.book({ symbol: required(args, 0, "SYMBOL"), depth: numberArg(ctx.flags.depth, "--depth") }, { signal: ctx.signal }),
          (b) => `bid ${b.bestBid ?? "-"} ask ${b.bestAsk ?? "-"}`,
        ),
    },
    trades: {
      usage: "SYMBOL [--count N]",
      run: (ctx, args) =>
        printed(
          ctx,
          ctx.market.follow.trades(required(args, 0, "SYMBOL"), { signal: ctx.signal }),
          (t) => t.map((x) => `${x.side} ${x.size}@${x.price} ${x.venue}`).join(", ") || "no trades",
        ),
    },
  },
});
