import { bigint, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const amount = (name: string) => numeric(name, { precision: 78, scale: 0 });

/** Addresses of our contracts on one chain; rows of one deployment set share `set_id`. */
export interface DeployedContracts {
  /** Token symbol → address. */
  tokens: Record<string, `0x${string}`>;
  /** Token symbol → its pool against the hub token. */
  pools: Record<string, `0x${string}`>;
  router: `0x${string}`;
  bridge: `0x${string}`;
}

/**
 * Where our contracts live on each chain. A set is deployed on every chain at once (so deposit ids
 * never meet an old bridge's released flags); the relayer's scan position is kept per chain.
 */
export const chainDeployments = pgTable("chain_deployments", {
  chainId: bigint("chain_id", { mode: "number" }).primaryKey(),
  setId: text("set_id").notNull(),
  /** Digest of the contract sources deployed (lib/chain/compile-contracts.mjs). */
  digest: text("digest").notNull(),
  contracts: jsonb("contracts").$type<DeployedContracts>().notNull(),
  /** The block the contracts were deployed in (event searches start there). */
  deployedBlock: bigint("deployed_block", { mode: "number" }).notNull(),
  /** The relayer has recorded every bridge deposit up to and including this block. */
  scannedBlock: bigint("scanned_block", { mode: "number" }).notNull(),
  deployedAt: at("deployed_at").notNull(),
});

/** pending: recorded, to settle; releasing/refunding: that transaction is signed and recorded; then released or refunded. */
export type BridgeTransferStatus = "pending" | "releasing" | "released" | "refunding" | "refunded";

/**
 * Every bridge deposit the relayer has seen, and how it was settled. Unique by deployment set,
 * source chain and deposit id: the relayer releases or refunds each one exactly once.
 */
export const bridgeTransfers = pgTable(
  "bridge_transfers",
  {
    id: text("id").primaryKey(),
    setId: text("set_id").notNull(),
    srcChainId: bigint("src_chain_id", { mode: "number" }).notNull(),
    depositId: bigint("deposit_id", { mode: "number" }).notNull(),
    dstChainId: bigint("dst_chain_id", { mode: "number" }).notNull(),
    sender: text("sender").notNull(),
    recipient: text("recipient").notNull(),
    /** Hub-token amount locked, after the bridge fee. */
    amount: amount("amount").notNull(),
    fee: amount("fee").notNull(),
    tokenOut: text("token_out").notNull(),
    minAmountOut: amount("min_amount_out").notNull(),
    depositTxHash: text("deposit_tx_hash").notNull(),
    depositBlock: bigint("deposit_block", { mode: "number" }).notNull(),
    status: text("status").$type<BridgeTransferStatus>().notNull(),
    /** The release (destination) or refund (source) transaction: signed and recorded before it is sent. */
    settleChainId: bigint("settle_chain_id", { mode: "number" }),
    settleTxHash: text("settle_tx_hash"),
    settleRawTx: text("settle_raw_tx"),
    amountOut: amount("amount_out"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: at("created_at").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("bridge_transfers_deposit_idx").on(t.setId, t.srcChainId, t.depositId),
    index("bridge_transfers_tx_idx").on(t.depositTxHash),
    index("bridge_transfers_status_idx").on(t.status),
  ],
);

export type BridgeTransferRow = typeof bridgeTransfers.$inferSelect;
