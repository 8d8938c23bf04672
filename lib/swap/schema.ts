import { bigint, index, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ownerRef } from "../db/columns";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** One server-held EVM wallet per owner, for headless execution; the private key is sealed with the server secret. */
export const swapWallets = pgTable("swap_wallets", {
  ownerId: ownerRef().primaryKey(),
  address: text("address").notNull().unique(),
  sealedKey: text("sealed_key").notNull(),
  createdAt: at("created_at").notNull(),
});

/** The main transaction of a prepare, kept so a wallet-sent transaction can be matched to its quote. */
export interface PreparedMain {
  sender: string;
  chainId: number;
  to: string;
  data: string;
}

/** Quotes given to an owner's agents; prepare and execute take one by id until it expires. */
export const swapQuotes = pgTable(
  "swap_quotes",
  {
    id: text("id").primaryKey(),
    ownerId: ownerRef(),
    provider: text("provider").notNull(),
    fromChainId: bigint("from_chain_id", { mode: "number" }).notNull(),
    toChainId: bigint("to_chain_id", { mode: "number" }).notNull(),
    /** The quote as the API returned it. */
    quote: jsonb("quote").$type<Record<string, unknown>>().notNull(),
    /** What the provider needs to build the transactions (route details, its raw quote). */
    providerData: jsonb("provider_data").$type<Record<string, unknown>>().notNull(),
    prepared: jsonb("prepared").$type<PreparedMain>(),
    expiresAt: at("expires_at").notNull(),
    createdAt: at("created_at").notNull(),
  },
  (t) => [index("swap_quotes_owner_idx").on(t.ownerId, t.createdAt)],
);

export type SwapMode = "desk" | "wallet";
export type SwapState = "PENDING" | "DONE" | "FAILED";

export interface SwapTransactionRecord {
  kind: "reset-approval" | "approval" | "swap" | "bridge";
  chainId: number;
  hash: string;
  /** The signed transaction, kept until it is mined so it can be sent again (desk swaps only). */
  raw?: string;
}

export interface ReceivingRecord {
  chainId: number;
  txHash: string | null;
  token: string;
  amount: string | null;
}

/** Swaps being or having been carried out, one per quote at most. */
export const swaps = pgTable(
  "swaps",
  {
    id: text("id").primaryKey(),
    ownerId: ownerRef(),
    /** The agent key that executed it (desk swaps); null for a swap sent from the caller's own wallet. */
    keyId: text("key_id"),
    quoteId: text("quote_id").notNull(),
    provider: text("provider").notNull(),
    mode: text("mode").$type<SwapMode>().notNull(),
    fromChainId: bigint("from_chain_id", { mode: "number" }).notNull(),
    toChainId: bigint("to_chain_id", { mode: "number" }).notNull(),
    fromToken: text("from_token").notNull(),
    toToken: text("to_token").notNull(),
    fromAmount: numeric("from_amount", { precision: 78, scale: 0 }).notNull(),
    toAmountMin: numeric("to_amount_min", { precision: 78, scale: 0 }).notNull(),
    /** The input's US dollar value at the quote, in millionths (rounded up); counts towards the key's daily limit. */
    notionalMicros: bigint("notional_micros", { mode: "bigint" }),
    sender: text("sender").notNull(),
    recipient: text("recipient").notNull(),
    /** Hash of the swap or bridge-deposit transaction (the last one sent). */
    sourceTxHash: text("source_tx_hash").notNull(),
    transactions: jsonb("transactions").$type<SwapTransactionRecord[]>().notNull(),
    status: text("status").$type<SwapState>().notNull(),
    substatus: text("substatus").notNull(),
    substatusMessage: text("substatus_message").notNull(),
    receiving: jsonb("receiving").$type<ReceivingRecord | null>(),
    createdAt: at("created_at").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("swaps_quote_idx").on(t.quoteId),
    index("swaps_owner_idx").on(t.ownerId, t.createdAt),
    index("swaps_source_tx_idx").on(t.sourceTxHash),
    index("swaps_key_idx").on(t.keyId, t.createdAt),
  ],
);

export type SwapRow = typeof swaps.$inferSelect;
export type SwapQuoteRow = typeof swapQuotes.$inferSelect;
