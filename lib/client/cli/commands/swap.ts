// Swaps, with an agent key holding the swap scope.
import type { SwapStatusView } from "../../../swap/contract";
import { withSubcommands } from "../command";
import { numberArg, required, UsageError, given } from "../context";

const statusText = (s: SwapStatusView) =>
  `Swap ${s.id}: ${s.status} (${s.substatus}), ${s.fromAmount} ${s.fromToken.symbol} → at least ${s.toAmountMin} ${s.toToken.symbol}.`;

/** A chain by id (a number) or by key. */
const chain = (value: string | undefined, flag: string) => {
  if (value === undefined) throw new UsageError(`missing ${flag}`);
  return /^\d+$/.test(value) ? Number(value) : value;
};

const statusOutput = (s: SwapStatusView) => ({ json: s, text: statusText(s) });

export const swap = withSubcommands({
  name: "swap",
  summary: "quote, execute and follow swaps",
  subcommands: {
    quote: {
      usage: "--from-chain CHAIN --to-chain CHAIN --from-token TOKEN --to-token TOKEN --amount BASE_UNITS [--from-address A] [--to-address A] [--slippage F]",
      run: async (ctx) => {
        const { flags } = ctx;
        const q = await ctx.swap.quote({
          fromChain: chain(flags["from-chain"], "--from-chain"),
          toChain: chain(flags["to-chain"], "--to-chain"),
          fromToken: flags["from-token"] ?? "",
          toToken: flags["to-token"] ?? "",
          fromAmount: flags.amount ?? "",
          ...given("fromAddress", flags["from-address"]),
          ...given("toAddress", flags["to-address"]),
          ...given("slippage", numberArg(flags.slippage, "--slippage")),
        });
        return {
          json: q,
          text: `Quote ${q.id}: ${q.fromAmount} ${q.fromToken.symbol} (${q.fromAmountUSD} USD) for ${q.toAmount} ${q.toToken.symbol}, at least ${q.toAmountMin}; expires ${q.expiresAt}.`,
        };
      },
    },
    execute: {
      usage: "QUOTE_ID [--idempotency-key KEY]",
      run: async (ctx, args) => statusOutput(await ctx.swap.execute({ quoteId: required(args, 0, "QUOTE_ID") }, ctx.flags["idempotency-key"])),
    },
    status: {
      usage: "ID",
      run: async (ctx, args) => statusOutput(await ctx.swap.status(required(args, 0, "ID"))),
    },
  },
});
