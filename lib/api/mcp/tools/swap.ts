// The swap tools: quote, execute and follow cross-chain swaps through the swap service, under the key's swap policy.
import { swapExecuteBody, swapIdParam, swapQuoteBody, swapQuoteSchema, swapStatusSchema, type SwapStatusView } from "../../../swap/contract";
import { swapCall } from "../../trading/swap.routes";
import { executionFields, tradingIdempotencyKey, underKey } from "../idempotency";
import { agentOf, callerOf } from "../session";
import { defineTool } from "../tool";

const describeSwap = (s: SwapStatusView) =>
  `Swap ${s.id}: ${s.status} (${s.substatus}), ${s.fromAmount} ${s.fromToken.symbol} on chain ${s.fromChainId} to at least ${s.toAmountMin} ${s.toToken.symbol} on chain ${s.toChainId}.`;

export const swapQuote = defineTool({
  name: "swap_quote",
  title: "Quote a swap",
  description:
    "Prices a same-chain or cross-chain swap of `fromAmount` (an integer in the token's smallest unit). Chains by id or key, tokens by address or symbol. " +
    "The quote's id executes it within two minutes. The key's swap policy (recipients, daily limit) and the kill switch apply.",
  access: "swap",
  effect: "read",
  input: swapQuoteBody,
  output: swapQuoteSchema,
  run: async (body, session) => swapCall(() => session.deps.swap.quote(callerOf(session), body)),
  summarize: (q) =>
    `Quote ${q.id}: ${q.fromAmount} ${q.fromToken.symbol} (${q.fromAmountUSD} USD) for ${q.toAmount} ${q.toToken.symbol}, at least ${q.toAmountMin}; expires ${q.expiresAt}.`,
});

export const swapExecute = defineTool({
  name: "swap_execute",
  title: "Execute a swap",
  description:
    "Signs and sends a quote's transactions with the owner's server-held wallet, after the risk checks (per-swap notional, recipient, daily limit, kill switch). " +
    "A quote executes at most once: a retry with the idempotencyKey the answer carries answers the first execute again; without it, a repeat answers CONFLICT naming the swap, which swap_status follows.",
  access: "swap",
  effect: "write",
  input: swapExecuteBody.extend({ idempotencyKey: tradingIdempotencyKey }),
  output: swapStatusSchema.extend(executionFields),
  run: async ({ idempotencyKey, ...body }, session) => {
    const run = await underKey(idempotencyKey, (key) => swapCall(() => session.deps.swap.execute(callerOf(session), body, { idempotencyKey: key })));
    return { ...run.result, idempotencyKey: run.idempotencyKey, replayed: run.replayed };
  },
  summarize: (s) => `${describeSwap(s)} Idempotency key ${s.idempotencyKey}.`,
});

export const swapStatus = defineTool({
  name: "swap_status",
  title: "Swap status",
  description: "PENDING, DONE or FAILED with a substatus, by swap id or by the hash of its swap or bridge transaction.",
  access: "swap",
  effect: "read",
  input: swapIdParam,
  output: swapStatusSchema,
  run: async ({ id }, session) => swapCall(() => session.deps.swap.status(agentOf(session).ownerId, id)),
  summarize: describeSwap,
});
