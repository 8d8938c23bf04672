import { z } from "zod";

const isoTime = z.iso.datetime({ offset: true });
const baseUnits = z.string().regex(/^\d+$/).meta({ description: "Integer amount in the token's smallest unit", example: "1000000" });
const usd = z.string().nullable().meta({ description: "US dollars as a decimal string; null when unknown", example: "1000.52" });
const fraction = z.string().meta({ description: "A fraction as a decimal string: 0.01 is 1%", example: "0.0031" });

export const swapTokenSchema = z
  .object({
    chainId: z.int(),
    address: z.string().meta({ example: "0x5fbdb2315678afecb367f032d93f642f64180aa3" }),
    symbol: z.string().meta({ example: "USDC" }),
    name: z.string(),
    decimals: z.int().meta({ example: 6 }),
    priceUSD: usd,
  })
  .meta({ id: "SwapToken" });

export const swapChainSchema = z
  .object({
    id: z.int().meta({ example: 31337 }),
    key: z.string().meta({ description: "Short name accepted wherever a chain is asked for", example: "local-a" }),
    name: z.string().meta({ example: "Bourse Local A" }),
    chainType: z.enum(["EVM", "SVM"]),
    nativeSymbol: z.string().meta({ example: "ETH" }),
    faucet: z.boolean().meta({ description: "POST /agent/swap/faucet funds addresses on this chain" }),
    tokens: z.array(swapTokenSchema),
  })
  .meta({ id: "SwapChain" });

export const swapChainsSchema = z
  .object({ provider: z.enum(["local", "lifi"]), available: z.boolean(), reason: z.string().nullable(), chains: z.array(swapChainSchema) })
  .meta({ id: "SwapChains" });

const chainRef = z.union([z.int().positive(), z.string().trim().min(1).max(64)]).meta({ description: "Chain id (31337) or key (local-a)", example: "local-a" });

export const swapQuoteBody = z
  .strictObject({
    fromChain: chainRef,
    toChain: chainRef,
    fromToken: z.string().trim().min(1).max(128).meta({ description: "Token address or symbol", example: "USDC" }),
    toToken: z.string().trim().min(1).max(128).meta({ description: "Token address or symbol", example: "WETH" }),
    fromAmount: z
      .string()
      .regex(/^\d+$/, "must be an integer string in the token's smallest unit (wei, lamports)")
      .max(78, "is too large")
      .refine((s) => !/^\d+$/.test(s) || BigInt(s) > 0n, "must be greater than zero")
      .meta({ description: "Amount in the smallest unit of fromToken (wei or lamports)", example: "1000000000" }),
    fromAddress: z.string().trim().min(1).max(100).optional().meta({ description: "Sender; lets the quote include the approval it needs" }),
    toAddress: z.string().trim().min(1).max(100).optional().meta({ description: "Recipient; the sender when absent" }),
    slippage: z
      .number()
      .min(0)
      .max(0.5, "must be at most 0.5 (50%)")
      .optional()
      .meta({ description: "Largest accepted shortfall as a fraction (0.005 = 0.5%); default 0.005", example: 0.005 }),
  })
  .meta({ id: "SwapQuoteRequest" });

export const swapFeeSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    token: swapTokenSchema,
    amount: baseUnits,
    amountUSD: usd,
    percentage: fraction,
    included: z.boolean().meta({ description: "True when already taken out of toAmount" }),
  })
  .meta({ id: "SwapFee" });

export const swapGasCostSchema = z
  .object({
    type: z.enum(["APPROVE", "SEND"]),
    chainId: z.int(),
    estimate: z.string().meta({ description: "Gas units expected" }),
    limit: z.string().meta({ description: "Gas limit to sign with" }),
    price: z.string().meta({ description: "Wei per gas" }),
    amount: z.string().meta({ description: "Wei: limit × price" }),
    amountUSD: usd,
    token: swapTokenSchema,
  })
  .meta({ id: "SwapGasCost" });

export const swapStepSchema = z
  .object({
    type: z.enum(["swap", "bridge"]),
    tool: z.string().meta({ example: "bourse-amm" }),
    fromChainId: z.int(),
    toChainId: z.int(),
    fromToken: swapTokenSchema,
    toToken: swapTokenSchema,
    fromAmount: baseUnits,
    toAmount: baseUnits,
    executionDuration: z.int().meta({ description: "Seconds" }),
  })
  .meta({ id: "SwapStep" });

export const swapQuoteSchema = z
  .object({
    id: z.string().meta({ example: "swq_3kTn8fQ2xLmP9vR4w" }),
    provider: z.enum(["local", "lifi"]),
    expiresAt: isoTime.meta({ description: "Prepare and execute refuse the quote after this" }),
    fromChainId: z.int(),
    toChainId: z.int(),
    fromToken: swapTokenSchema,
    toToken: swapTokenSchema,
    fromAddress: z.string().nullable(),
    toAddress: z.string().nullable(),
    fromAmount: baseUnits,
    toAmount: baseUnits.meta({ description: "Expected amount received, in toToken's smallest unit" }),
    toAmountMin: baseUnits.meta({ description: "Least amount received; below it the swap reverts or is refunded" }),
    fromAmountUSD: usd,
    toAmountUSD: usd,
    rate: z.string().meta({ description: "toToken received per fromToken sent, in whole tokens", example: "0.000314" }),
    priceImpact: fraction.nullable().meta({ description: "How much worse than the mid price the pools fill, fees aside" }),
    slippage: fraction,
    approvalAddress: z.string().nullable().meta({ description: "The spender to approve for fromToken (exact amount only)" }),
    feeCosts: z.array(swapFeeSchema),
    gasCosts: z.array(swapGasCostSchema),
    executionDuration: z.int().meta({ description: "Estimated seconds from sending to receiving" }),
    steps: z.array(swapStepSchema),
  })
  .meta({ id: "SwapQuote" });

const quoteId = z.string().trim().min(1).max(64).meta({ description: "The id of a quote from POST /agent/swap/quote", example: "swq_3kTn8fQ2xLmP9vR4w" });

export const swapPrepareBody = z
  .strictObject({
    quoteId,
    fromAddress: z.string().trim().min(1).max(100).optional().meta({ description: "The address that will sign and send; the quote's fromAddress when absent" }),
  })
  .meta({ id: "SwapPrepareRequest" });

export const swapTransactionSchema = z
  .object({
    kind: z.enum(["reset-approval", "approval", "swap", "bridge"]).meta({
      description:
        "reset-approval: approve(spender, 0) for tokens that refuse to change a non-zero allowance; approval: approve the exact amount; swap or bridge: the main transaction",
    }),
    chainId: z.int(),
    chainType: z.enum(["EVM", "SVM"]),
    from: z.string(),
    to: z.string().nullable().meta({ description: "Null for a serialized Solana transaction" }),
    data: z.string().meta({ description: "Call data (EVM) or the base64 serialized transaction (Solana)" }),
    value: z.string().meta({ description: "Native coin to send, in wei" }),
    gasLimit: z.string().nullable(),
    description: z.string(),
  })
  .meta({ id: "SwapTransaction" });

export const preparedSwapSchema = z
  .object({
    quoteId: z.string(),
    fromAddress: z.string(),
    expiresAt: isoTime,
    transactions: z.array(swapTransactionSchema).meta({ description: "Sign and send in this order, each on its chainId, waiting for each to be mined" }),
  })
  .meta({ id: "PreparedSwap" });

export const swapExecuteBody = z.strictObject({ quoteId }).meta({ id: "SwapExecuteRequest" });

export const SWAP_SUBSTATUSES = [
  "WAIT_SOURCE_CONFIRMATIONS",
  "WAIT_DESTINATION_TRANSACTION",
  "REFUND_IN_PROGRESS",
  "COMPLETED",
  "PARTIAL",
  "REFUNDED",
  "EXPIRED",
  "SLIPPAGE_EXCEEDED",
  "INSUFFICIENT_ALLOWANCE",
  "INSUFFICIENT_BALANCE",
  "NOT_SENT",
  "UNKNOWN_FAILED_ERROR",
] as const;

export const swapStatusSchema = z
  .object({
    id: z.string().meta({ example: "swp_4fJ2kQ9xLmP0vR4ws" }),
    quoteId: z.string(),
    provider: z.enum(["local", "lifi"]),
    mode: z.enum(["desk", "wallet"]).meta({ description: "desk: signed by the server-held wallet; wallet: signed by the sender's own wallet" }),
    status: z.enum(["PENDING", "DONE", "FAILED"]),
    substatus: z.enum(SWAP_SUBSTATUSES),
    substatusMessage: z.string(),
    fromChainId: z.int(),
    toChainId: z.int(),
    fromToken: swapTokenSchema,
    toToken: swapTokenSchema,
    fromAmount: baseUnits,
    toAmountMin: baseUnits,
    fromAddress: z.string(),
    toAddress: z.string(),
    sending: z.object({
      chainId: z.int(),
      txHash: z.string(),
      transactions: z.array(z.object({ kind: swapTransactionSchema.shape.kind, chainId: z.int(), hash: z.string() })),
    }),
    receiving: z
      .object({ chainId: z.int(), txHash: z.string().nullable(), token: z.string(), amount: z.string().nullable() })
      .nullable()
      .meta({ description: "What arrived (or was refunded), once known" }),
    createdAt: isoTime,
    updatedAt: isoTime,
  })
  .meta({ id: "SwapStatus" });

export const swapIdParam = z.object({
  id: z.string().min(1).max(80).meta({ description: "A swap id (swp_…) or the hash of its swap or bridge transaction", example: "swp_4fJ2kQ9xLmP0vR4ws" }),
});

export const swapListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).meta({ description: "1 to 100; default 20" }),
});

export const swapBalancesQuery = z.object({
  address: z.string().trim().min(1).max(100).optional().meta({ description: "Whose balances; the key owner's server-held wallet when absent" }),
});

export const swapBalanceSchema = z.object({ chainId: z.int(), token: swapTokenSchema, balance: baseUnits }).meta({ id: "SwapBalance" });

export const swapWalletSchema = z
  .object({
    address: z.string().meta({ description: "The owner's server-held wallet, which POST /agent/swap/execute signs with" }),
    balances: z.array(swapBalanceSchema),
    native: z.array(z.object({ chainId: z.int(), balance: baseUnits })).meta({ description: "Native coin for gas, per chain, in wei" }),
  })
  .meta({ id: "SwapWallet" });

export const swapFaucetBody = z
  .strictObject({ address: z.string().trim().min(1).max(100).meta({ description: "The address to fund on every local chain" }) })
  .meta({ id: "SwapFaucetRequest" });

export const swapFaucetResultSchema = z
  .object({
    address: z.string(),
    funded: z.array(z.object({ chainId: z.int(), native: baseUnits, tokens: z.array(z.object({ symbol: z.string(), amount: baseUnits })) })),
  })
  .meta({ id: "SwapFaucetResult" });

export type SwapTokenView = z.infer<typeof swapTokenSchema>;
export type SwapChainView = z.infer<typeof swapChainSchema>;
export type SwapChainsView = z.infer<typeof swapChainsSchema>;
export type SwapQuoteRequest = z.infer<typeof swapQuoteBody>;
export type SwapQuoteView = z.infer<typeof swapQuoteSchema>;
export type SwapFeeView = z.infer<typeof swapFeeSchema>;
export type SwapGasCostView = z.infer<typeof swapGasCostSchema>;
export type SwapStepView = z.infer<typeof swapStepSchema>;
export type SwapTransactionView = z.infer<typeof swapTransactionSchema>;
export type PreparedSwapView = z.infer<typeof preparedSwapSchema>;
export type SwapSubstatus = (typeof SWAP_SUBSTATUSES)[number];
export type SwapStatusView = z.infer<typeof swapStatusSchema>;
export type SwapBalanceView = z.infer<typeof swapBalanceSchema>;
export type SwapWalletView = z.infer<typeof swapWalletSchema>;
export type SwapFaucetResult = z.infer<typeof swapFaucetResultSchema>;
