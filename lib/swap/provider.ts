import type { Hash, Hex, PrivateKeyAccount } from "viem";
import type { SwapBalanceView, SwapChainView, SwapFaucetResult, SwapQuoteView, SwapSubstatus, SwapTransactionView } from "./contract";
import type { Fraction } from "../decimal";
import type { PreparedMain, ReceivingRecord, SwapRow, SwapState } from "./schema";

/** A SwapQuote request with the amount and slippage parsed. */
export interface QuoteInput {
  fromChain: string | number;
  toChain: string | number;
  fromToken: string;
  toToken: string;
  fromAmount: bigint;
  fromAddress?: string;
  toAddress?: string;
  slippage: Fraction;
}

/** A provider's answer before the service gives it an id and an expiry. */
export interface ProviderQuote {
  view: Omit<SwapQuoteView, "id" | "expiresAt" | "provider">;
  /** The swap's value in US dollars, for the risk check; null when the provider cannot tell. */
  notionalUsd: Fraction | null;
  /** What prepare needs later (route, the provider's own quote); JSON only. */
  data: Record<string, unknown>;
}

export interface StoredQuote {
  id: string;
  ownerId: string;
  view: SwapQuoteView;
  data: Record<string, unknown>;
  expiresAt: number;
  /** The main transaction of the last prepare, if any. */
  prepared: PreparedMain | null;
}

export type UnsignedTransaction = SwapTransactionView;

export interface SignedTransaction {
  kind: SwapTransactionView["kind"];
  chainId: number;
  hash: Hash;
  raw: Hex;
}

export interface StatusUpdate {
  status: SwapState;
  substatus: SwapSubstatus;
  substatusMessage: string;
  receiving: ReceivingRecord | null;
}

/** Quote, prepare, execute and follow swaps: the local chains, or LI.FI's routes. */
export interface SwapProvider {
  readonly name: "local" | "lifi";
  /** The chains it swaps on, with their tokens where it knows them. */
  chains(): SwapChainView[];
  quote(input: QuoteInput): Promise<ProviderQuote>;
  /** The transactions `sender` signs, in order; refuses when the sender's balance is short. */
  prepare(quote: StoredQuote, sender: string): Promise<UnsignedTransaction[]>;
  /**
   * Prepares for `account`, signs every transaction, hands them to `record` (which must persist
   * them) and only then sends them, in order.
   */
  execute(quote: StoredQuote, account: PrivateKeyAccount, record: (signed: SignedTransaction[]) => Promise<void>): Promise<SignedTransaction[]>;
  /** Where a swap stands now. */
  status(swap: SwapRow, quote: StoredQuote): Promise<StatusUpdate>;
  /** Which of these prepared quotes `hash` (a transaction someone sent) carries out, if any. */
  identify(hash: Hash, candidates: readonly StoredQuote[]): Promise<StoredQuote | null>;
  /** Token balances on every chain it knows (local chains only). */
  balances?(address: string): Promise<{ tokens: SwapBalanceView[]; native: { chainId: number; balance: string }[] }>;
  /** Test tokens and gas on every local chain. */
  faucet?(address: string): Promise<SwapFaucetResult>;
}
