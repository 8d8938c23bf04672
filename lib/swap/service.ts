import { and, desc, eq, gt, isNotNull, isNull, or } from "drizzle-orm";
import { BaseError, type Hash } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import {
  swapQuoteSchema,
  type PreparedSwapView,
  type SwapChainsView,
  type SwapFaucetResult,
  type SwapQuoteRequest,
  type SwapQuoteView,
  type SwapStatusView,
  type SwapWalletView,
} from "./contract";
import type { Clock } from "../clock";
import type { Database } from "../db/client";
import { newId } from "../ids";
import type { Logger } from "../log";
import { executeOnce, type Executed, storeAnswerNow, swapIdempotencyScope } from "../trading/execution/idempotency";
import { IdempotencyClaims } from "../trading/execution/idempotency-claims";
import type { OwnerLock } from "../trading/execution/owner-lock";
import { decimalToFraction } from "../decimal";
import { SwapError } from "./errors";
import { createSwapGuard, type SwapCaller } from "./guard";
import type { SignedTransaction, StoredQuote, SwapProvider } from "./provider";
import type { SwapRiskCheck } from "./risk";
import { swapQuotes, swaps, type SwapQuoteRow, type SwapRow } from "./schema";
import { ownerWallet } from "./wallets";

/** How long a quote can be prepared or executed. */
export const QUOTE_TTL_MS = 120_000;
const DEFAULT_SLIPPAGE = 0.005;
// A transaction hash sent to GET /agent/swap/{id} is matched against this owner's recent prepares.
const IDENTIFY_WINDOW_MS = 24 * 3600_000;
const IDENTIFY_CANDIDATES = 20;
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

export interface SwapServiceDeps {
  db: Database;
  clock: Clock;
  log: Logger;
  secret: string;
  /** null when swaps cannot run here; `unavailable` says why. */
  provider: SwapProvider | null;
  unavailable: string | null;
  risk: SwapRiskCheck;
  /** Serialises an owner's executes, so the daily limit's check and the swap it lets through are one step. */
  lock: OwnerLock;
}

export type SwapService = ReturnType<typeof createSwapService>;

/** Quotes, prepares, executes and follows swaps for owners, over whichever provider is configured. */
export function createSwapService(deps: SwapServiceDeps) {
  const { db, clock } = deps;
  const now = () => new Date(clock.now());
  const walletCtx = { db, clock, secret: deps.secret };
  const guard = createSwapGuard({ db, clock });
  // Idempotency-Keys of executes live in the trading API's table, per agent key, apart from its calls'; a SwapError is a refusal, nothing was sent.
  const keys = { db, clock, claims: new IdempotencyClaims(db), storeAnswer: storeAnswerNow(db), refused: (err: unknown) => err instanceof SwapError };

  function provider(): SwapProvider {
    if (!deps.provider) throw new SwapError("unavailable", deps.unavailable ?? "Swaps are not available on this deployment");
    return deps.provider;
  }

  /** A provider call; a chain or RPC failure becomes "unavailable" (503) instead of an internal error. */
  async function reach<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof SwapError || !(err instanceof BaseError)) throw err;
      deps.log.warn({ err: err.shortMessage }, "swap provider could not reach a chain");
      throw new SwapError("unavailable", `A chain could not be reached: ${err.shortMessage}`);
    }
  }

  const stored = (row: SwapQuoteRow): StoredQuote => ({
    id: row.id,
    ownerId: row.ownerId,
    view: swapQuoteSchema.parse(row.quote),
    data: row.providerData,
    expiresAt: row.expiresAt.getTime(),
    prepared: row.prepared ?? null,
  });

  /** The owner's quote, refused when it belongs to someone else (as if unknown) or has expired. */
  async function liveQuote(ownerId: string, quoteId: string): Promise<StoredQuote> {
    const [row] = await db
      .select()
      .from(swapQuotes)
      .where(and(eq(swapQuotes.id, quoteId), eq(swapQuotes.ownerId, ownerId)));
    if (!row) throw new SwapError("not_found", `No quote ${quoteId} for this owner; ask POST /agent/swap/quote for one`);
    if (row.expiresAt.getTime() <= clock.now()) {
      throw new SwapError("conflict", `Quote ${quoteId} expired at ${row.expiresAt.toISOString()}; ask for a new one`);
    }
    return stored(row);
  }

  async function quote(caller: SwapCaller, body: SwapQuoteRequest): Promise<SwapQuoteView> {
    const { ownerId } = caller;
    await guard.assertNotKilled(caller);
    const p = provider();
    const answer = await reach(() =>
      p.quote({
        fromChain: body.fromChain,
        toChain: body.toChain,
        fromToken: body.fromToken,
        toToken: body.toToken,
        fromAmount: BigInt(body.fromAmount),
        fromAddress: body.fromAddress,
        toAddress: body.toAddress,
        slippage: decimalToFraction((body.slippage ?? DEFAULT_SLIPPAGE).toFixed(6)),
      }),
    );
    const id = newId("swq");
    const expiresAt = new Date(clock.now() + QUOTE_TTL_MS);
    const view: SwapQuoteView = { id, provider: p.name, expiresAt: expiresAt.toISOString(), ...answer.view };
    // After the provider has validated the addresses, so a malformed one is a 400, not a refusal.
    await guard.assertRecipient(caller, view.toAddress, view.fromAddress);
    await guard.assertDailyRoom(caller, view);
    await db.insert(swapQuotes).values({
      id,
      ownerId,
      provider: p.name,
      fromChainId: view.fromChainId,
      toChainId: view.toChainId,
      quote: view,
      providerData: answer.data,
      expiresAt,
      createdAt: now(),
    });
    return view;
  }

  async function prepare(caller: SwapCaller, body: { quoteId: string; fromAddress?: string }): Promise<PreparedSwapView> {
    await guard.assertNotKilled(caller);
    const q = await liveQuote(caller.ownerId, body.quoteId);
    const sender = body.fromAddress ?? q.view.fromAddress;
    if (!sender) throw new SwapError("invalid", "fromAddress: required, since the quote was asked without one");
    const transactions = await reach(() => provider().prepare(q, sender));
    const main = transactions.at(-1)!;
    // After the provider has checked the sender; the quote may have been asked with another key, and this key's own rules apply.
    await guard.assertRecipient(caller, q.view.toAddress, main.from);
    await db
      .update(swapQuotes)
      .set({ prepared: { sender: main.from, chainId: main.chainId, to: main.to ?? "", data: main.data } })
      .where(eq(swapQuotes.id, q.id));
    return { quoteId: q.id, fromAddress: main.from, expiresAt: q.view.expiresAt, transactions };
  }

  /** Executes a quote once; with an Idempotency-Key, a retry answers the first execute's answer again. */
  function execute(caller: SwapCaller, body: { quoteId: string }, options: { idempotencyKey?: string } = {}): Promise<Executed<SwapStatusView>> {
    const operation = { endpoint: "POST /agent/swap/execute", request: body, idempotencyKey: options.idempotencyKey, scope: swapIdempotencyScope(caller) };
    return executeOnce(keys, caller, operation, () => executeQuote(caller, body));
  }

  async function executeQuote(caller: SwapCaller, body: { quoteId: string }): Promise<SwapStatusView> {
    const { ownerId } = caller;
    await guard.assertNotKilled(caller);
    const q = await liveQuote(ownerId, body.quoteId);
    const decision = await deps.risk({ ownerId, quote: q.view });
    if (!decision.ok) throw new SwapError("refused", `Refused by the risk policy: ${decision.reason}`);
    const [done] = await db.select({ id: swaps.id }).from(swaps).where(eq(swaps.quoteId, q.id));
    if (done) throw new SwapError("conflict", `Quote ${q.id} was already executed as swap ${done.id}`);
    const account = await ownerWallet(walletCtx, ownerId);
    return deps.lock(ownerId, () => executeChecked(caller, q, account));
  }

  /**
   * Under the owner's swap lock: the provider signs, then the key's recipient and daily limit are
   * checked as the swap is recorded, before anything is sent (so the provider's own refusals come first).
   */
  async function executeChecked(caller: SwapCaller, q: StoredQuote, account: PrivateKeyAccount): Promise<SwapStatusView> {
    const { ownerId } = caller;
    let row: SwapRow | undefined;
    const record = async (signed: SignedTransaction[]) => {
      await guard.assertRecipient(caller, q.view.toAddress, account.address);
      const notional = await guard.assertDailyRoom(caller, q.view);
      const main = signed.at(-1)!;
      const inserted = await db
        .insert(swaps)
        .values({ ...newSwap(ownerId, q, "desk", account.address, main.hash, signed), keyId: caller.keyId, notionalMicros: notional })
        .onConflictDoNothing({ target: swaps.quoteId })
        .returning();
      // Another execute of the same quote recorded first: send nothing.
      if (!inserted[0]) throw new SwapError("conflict", `Quote ${q.id} was already executed`);
      row = inserted[0];
    };
    await reach(() => provider().execute(q, account, record));
    return view(row!, q);
  }

  function newSwap(
    ownerId: string,
    q: StoredQuote,
    mode: SwapRow["mode"],
    sender: string,
    sourceTxHash: string,
    signed: { kind: SignedTransaction["kind"]; chainId: number; hash: string; raw?: string }[],
  ) {
    return {
      id: newId("swp"),
      ownerId,
      quoteId: q.id,
      provider: q.view.provider,
      mode,
      fromChainId: q.view.fromChainId,
      toChainId: q.view.toChainId,
      fromToken: q.view.fromToken.address,
      toToken: q.view.toToken.address,
      fromAmount: q.view.fromAmount,
      toAmountMin: q.view.toAmountMin,
      sender: sender.toLowerCase(),
      recipient: (q.view.toAddress ?? sender).toLowerCase(),
      sourceTxHash: sourceTxHash.toLowerCase(),
      transactions: signed.map((s) => ({ kind: s.kind, chainId: s.chainId, hash: s.hash.toLowerCase(), ...(s.raw ? { raw: s.raw } : {}) })),
      status: "PENDING" as const,
      substatus: "WAIT_SOURCE_CONFIRMATIONS",
      substatusMessage: "Sent; waiting for the source chain",
      receiving: null,
      createdAt: now(),
      updatedAt: now(),
    };
  }

  /** A swap by id or by the hash of its main transaction; a wallet-sent hash is matched to the owner's prepared quote. */
  async function find(ownerId: string, idOrHash: string): Promise<{ row: SwapRow; quote: StoredQuote }> {
    const key = idOrHash.toLowerCase();
    const byKey = or(eq(swaps.id, idOrHash), eq(swaps.sourceTxHash, key));
    let [row] = await db
      .select()
      .from(swaps)
      .where(and(eq(swaps.ownerId, ownerId), byKey));
    if (!row && TX_HASH.test(idOrHash)) row = await adoptWalletSwap(ownerId, key as Hash);
    if (!row) throw new SwapError("not_found", `No swap ${idOrHash} for this owner`);
    const [q] = await db.select().from(swapQuotes).where(eq(swapQuotes.id, row.quoteId));
    return { row, quote: stored(q!) };
  }

  async function adoptWalletSwap(ownerId: string, hash: Hash): Promise<SwapRow | undefined> {
    const rows = await db
      .select({ quote: swapQuotes })
      .from(swapQuotes)
      .leftJoin(swaps, eq(swaps.quoteId, swapQuotes.id))
      .where(
        and(
          eq(swapQuotes.ownerId, ownerId),
          isNotNull(swapQuotes.prepared),
          isNull(swaps.id),
          gt(swapQuotes.createdAt, new Date(clock.now() - IDENTIFY_WINDOW_MS)),
        ),
      )
      .orderBy(desc(swapQuotes.createdAt))
      .limit(IDENTIFY_CANDIDATES);
    if (rows.length === 0) return undefined;
    const match = await reach(() =>
      provider().identify(
        hash,
        rows.map((r) => stored(r.quote)),
      ),
    );
    if (!match) return undefined;
    const main = { kind: match.data.kind === "bridge" ? ("bridge" as const) : ("swap" as const), chainId: match.view.fromChainId, hash };
    await db
      .insert(swaps)
      .values(newSwap(ownerId, match, "wallet", match.prepared!.sender, hash, [main]))
      .onConflictDoNothing({ target: swaps.quoteId });
    const [row] = await db.select().from(swaps).where(eq(swaps.quoteId, match.id));
    return row?.sourceTxHash === hash ? row : undefined;
  }

  /** Brings a swap's status up to date (terminal ones are final) and returns its view. */
  async function refresh(row: SwapRow, q: StoredQuote): Promise<SwapStatusView> {
    if (row.status !== "PENDING" || !deps.provider) return view(row, q);
    const p = deps.provider;
    const update = await reach(() => p.status(row, q));
    if (update.status === row.status && update.substatus === row.substatus && update.substatusMessage === row.substatusMessage) return view(row, q);
    const [saved] = await db
      .update(swaps)
      .set({ ...update, updatedAt: now() })
      .where(and(eq(swaps.id, row.id), eq(swaps.status, "PENDING")))
      .returning();
    return view(saved ?? row, q);
  }

  async function status(ownerId: string, idOrHash: string): Promise<SwapStatusView> {
    const { row, quote: q } = await find(ownerId, idOrHash);
    return refresh(row, q);
  }

  async function list(ownerId: string, limit: number): Promise<SwapStatusView[]> {
    const rows = await db
      .select({ swap: swaps, quote: swapQuotes })
      .from(swaps)
      .innerJoin(swapQuotes, eq(swapQuotes.id, swaps.quoteId))
      .where(eq(swaps.ownerId, ownerId))
      .orderBy(desc(swaps.createdAt))
      .limit(limit);
    return Promise.all(rows.map((r) => refresh(r.swap, stored(r.quote)).catch(() => view(r.swap, stored(r.quote)))));
  }

  async function wallet(ownerId: string): Promise<SwapWalletView> {
    const account = await ownerWallet(walletCtx, ownerId);
    const p = provider();
    const found = p.balances ? await reach(() => p.balances!(account.address)) : { tokens: [], native: [] };
    return { address: account.address, balances: found.tokens, native: found.native };
  }

  async function balances(ownerId: string, address: string | undefined): Promise<SwapWalletView> {
    if (!address) return wallet(ownerId);
    const p = provider();
    if (!p.balances) throw new SwapError("invalid", "Balances are only available for the local chains");
    const found = await reach(() => p.balances!(address));
    return { address, balances: found.tokens, native: found.native };
  }

  async function faucet(caller: SwapCaller, address: string): Promise<SwapFaucetResult> {
    await guard.assertNotKilled(caller);
    const p = provider();
    if (!p.faucet) throw new SwapError("invalid", "The faucet funds addresses on the local chains only; this deployment routes through LI.FI");
    return reach(() => p.faucet!(address));
  }

  function chains(): SwapChainsView {
    return {
      provider: deps.provider?.name ?? "local",
      available: deps.provider !== null,
      reason: deps.provider ? null : deps.unavailable,
      chains: deps.provider?.chains() ?? [],
    };
  }

  return { quote, prepare, execute, status, list, wallet, balances, faucet, chains };
}

function view(row: SwapRow, q: StoredQuote): SwapStatusView {
  return {
    id: row.id,
    quoteId: row.quoteId,
    provider: q.view.provider,
    mode: row.mode,
    status: row.status,
    substatus: row.substatus as SwapStatusView["substatus"],
    substatusMessage: row.substatusMessage,
    fromChainId: row.fromChainId,
    toChainId: row.toChainId,
    fromToken: q.view.fromToken,
    toToken: q.view.toToken,
    fromAmount: row.fromAmount,
    toAmountMin: row.toAmountMin,
    fromAddress: row.sender,
    toAddress: row.recipient,
    sending: {
      chainId: row.fromChainId,
      txHash: row.sourceTxHash,
      transactions: row.transactions.map((t) => ({ kind: t.kind, chainId: t.chainId, hash: t.hash })),
    },
    receiving: row.receiving ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
