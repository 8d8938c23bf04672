import { z } from "zod";
import { SwapError } from "../errors";

// The parts of LI.FI's API (v1) this provider reads: GET /quote and GET /status.

const token = z.object({
  address: z.string(),
  chainId: z.number(),
  symbol: z.string(),
  decimals: z.number().int(),
  name: z.string(),
  priceUSD: z.string().optional(),
});
export type LifiToken = z.infer<typeof token>;

const feeCost = z.object({
  name: z.string(),
  description: z.string().optional(),
  token,
  amount: z.string(),
  amountUSD: z.string().optional(),
  percentage: z.string().optional(),
  included: z.boolean().optional(),
});

const gasCost = z.object({
  type: z.string(),
  price: z.string().optional(),
  estimate: z.string().optional(),
  limit: z.string().optional(),
  amount: z.string(),
  amountUSD: z.string().optional(),
  token,
});

const action = z.object({
  fromChainId: z.number(),
  toChainId: z.number(),
  fromToken: token,
  toToken: token,
  fromAmount: z.string(),
  fromAddress: z.string().optional(),
  toAddress: z.string().optional(),
  slippage: z.number().optional(),
});

const estimate = z.object({
  tool: z.string().optional(),
  fromAmount: z.string(),
  toAmount: z.string(),
  toAmountMin: z.string(),
  fromAmountUSD: z.string().optional(),
  toAmountUSD: z.string().optional(),
  approvalAddress: z.string().optional(),
  feeCosts: z.array(feeCost).optional(),
  gasCosts: z.array(gasCost).optional(),
  executionDuration: z.number(),
});

const includedStep = z.object({ type: z.string(), tool: z.string(), action, estimate });

export const lifiQuoteSchema = z.object({
  id: z.string(),
  type: z.string(),
  tool: z.string(),
  action,
  estimate,
  includedSteps: z.array(includedStep).optional(),
  transactionRequest: z.object({
    to: z.string().optional(),
    from: z.string().optional(),
    data: z.string(),
    value: z.string().optional(),
    gasLimit: z.string().optional(),
    gasPrice: z.string().optional(),
    chainId: z.number().optional(),
  }),
});
export type LifiQuote = z.infer<typeof lifiQuoteSchema>;

const txInfo = z.object({
  txHash: z.string().optional(),
  chainId: z.number().optional(),
  amount: z.string().optional(),
  token: token.partial().optional(),
});

export const lifiStatusSchema = z.object({
  transactionId: z.string().optional(),
  status: z.enum(["NOT_FOUND", "INVALID", "PENDING", "DONE", "FAILED"]),
  substatus: z.string().optional(),
  substatusMessage: z.string().optional(),
  tool: z.string().optional(),
  fromAddress: z.string().optional(),
  toAddress: z.string().optional(),
  sending: txInfo.optional(),
  receiving: txInfo.optional(),
});
export type LifiStatus = z.infer<typeof lifiStatusSchema>;

const lifiError = z.object({ message: z.string(), code: z.number().optional() });

export interface LifiApiOptions {
  apiUrl: string;
  apiKey: string | undefined;
  fetch?: typeof fetch;
}

/** GETs a LI.FI endpoint; its 4xx answers become the caller's mistakes or "no route", everything else "unavailable". */
export async function lifiGet<T extends z.ZodType>(
  opts: LifiApiOptions,
  path: string,
  query: Record<string, string | undefined>,
  schema: T,
): Promise<z.output<T>> {
  const url = new URL(`${opts.apiUrl}${path}`);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
  let res: Response;
  try {
    res = await (opts.fetch ?? fetch)(url, {
      headers: { accept: "application/json", ...(opts.apiKey ? { "x-lifi-api-key": opts.apiKey } : {}) },
      signal: AbortSignal.timeout(20_000),
    });
  } catch (err) {
    throw new SwapError("unavailable", `LI.FI could not be reached: ${err instanceof Error ? err.message : String(err)}`);
  }
  const body: unknown = await res.json().catch(() => null);
  if (res.ok) {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new SwapError("unavailable", `LI.FI answered ${path} in an unexpected shape`);
    return parsed.data;
  }
  const message = lifiError.safeParse(body).data?.message ?? `HTTP ${res.status}`;
  if (res.status === 404) throw new SwapError("no_route", `No route: LI.FI found none (${message})`);
  if (res.status === 400 || res.status === 422) throw new SwapError("invalid", `LI.FI refused the request: ${message}`);
  throw new SwapError("unavailable", `LI.FI answered ${res.status}: ${message}`);
}
