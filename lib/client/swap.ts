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

/** Typed client for the swap endpoints of the trading API; `token` is an agent key with the swap scope. */
export function createSwapClient(opts: HttpOptions) {
  const get = async <T extends z.ZodType>(path: string, schema: T) => unwrapEnvelope((await requestJson(opts, path)).body, schema);
  const post = async <T extends z.ZodType>(path: string, body: unknown, schema: T) =>
    unwrapEnvelope((await requestJson(opts, path, { method: "POST", body })).body, schema);
  return {
    chains: () => get("/swap/chains", swapChainsSchema),
    quote: (body: SwapQuoteRequest) => post("/agent/swap/quote", body, swapQuoteSchema),
    prepare: (body: { quoteId: string; fromAddress?: string }) => post("/agent/swap/prepare", body, preparedSwapSchema),
    execute: (body: { quoteId: string }) => post("/agent/swap/execute", body, swapStatusSchema),
    status: (idOrHash: string) => get(`/agent/swap/${encodeURIComponent(idOrHash)}`, swapStatusSchema),
    history: (limit = 20) => get(`/agent/swaps?limit=${limit}`, z.array(swapStatusSchema)),
    wallet: () => get("/agent/swap/wallet", swapWalletSchema),
    balances: (address: string) => get(`/agent/swap/balances?address=${encodeURIComponent(address)}`, swapWalletSchema),
    faucet: (address: string) => post("/agent/swap/faucet", { address }, swapFaucetResultSchema),
  };
}

export type SwapClient = ReturnType<typeof createSwapClient>;
