import { z } from "zod";
import {
  preparedSwapSchema,
  swapChainsSchema,
  swapFaucetResultSchema,
  swapQuoteSchema,
  swapStatusSchema,
  swapWalletSchema,
  type SwapQuoteRequest,
} from "../swap/contract";
import { requestJson, unwrapEnvelope, type HttpOptions } from "./http";

export type { PreparedSwapView, SwapQuoteRequest, SwapQuoteView, SwapStatusView, SwapWalletView } from "../swap/contract";

/** Typed client for the swap endpoints of the trading API; `token` is an agent key with the swap scope. */
export function createSwapClient(opts: HttpOptions) {
  const get = async <T extends z.ZodType>(path: string, schema: T) => unwrapEnvelope((await requestJson(opts, path)).body, schema);
  const post = async <T extends z.ZodType>(path: string, body: unknown, schema: T, headers?: Record<string, string>) =>
    unwrapEnvelope((await requestJson(opts, path, { method: "POST", body, headers })).body, schema);
  return {
    chains: () => get("/swap/chains", swapChainsSchema),
    quote: (body: SwapQuoteRequest) => post("/agent/swap/quote", body, swapQuoteSchema),
    prepare: (body: { quoteId: string; fromAddress?: string }) => post("/agent/swap/prepare", body, preparedSwapSchema),
    /** Always under an Idempotency-Key (a new one when none is given): a retry after a lost answer gets the first answer again. */
    execute: (body: { quoteId: string }, idempotencyKey: string = crypto.randomUUID()) =>
      post("/agent/swap/execute", body, swapStatusSchema, { "idempotency-key": idempotencyKey }),
    status: (idOrHash: string) => get(`/agent/swap/${encodeURIComponent(idOrHash)}`, swapStatusSchema),
    history: (limit = 20) => get(`/agent/swaps?limit=${limit}`, z.array(swapStatusSchema)),
    wallet: () => get("/agent/swap/wallet", swapWalletSchema),
    balances: (address: string) => get(`/agent/swap/balances?address=${encodeURIComponent(address)}`, swapWalletSchema),
    faucet: (address: string) => post("/agent/swap/faucet", { address }, swapFaucetResultSchema),
  };
}

export type SwapClient = ReturnType<typeof createSwapClient>;
