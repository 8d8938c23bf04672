// The trading services bound to one context: what the API routes and the dashboard's server actions call.
import type { OrderPreviewView } from "../contract/order-preview";
import type { OrderListStatus, OrderView, ParentOrderView, PlaceOrderInput } from "../contract/orders";
import type { OpenPairInput, PairView } from "../contract/pairs";
import type { BalanceView, ClosePositionInput, PositionExitsInput, OpenPositionInput, PositionView } from "../contract/positions";
import type { Clock } from "../../clock";
import type { RiskConfig } from "../../config";
import { localBus, type ClusterBus } from "../../cluster/bus";
import type { DatabaseHandle } from "../../db/client";
import { GroupCommit, WritesHaltedError } from "../../db/group-commit";
import type { Logger } from "../../log";
import { type Venue, VenueRefusal } from "../../venues/venue";
import type { Caller, ExecOptions, TradingContext } from "./context";
import { TradingError, venueRefusalError } from "./errors";
import { purgeIdempotencyKeys } from "./idempotency";
import { IdempotencyClaims } from "./idempotency-claims";
import { HostKeyClaims } from "./host-key-claims";
import { engageKillSwitch, killSwitchState, releaseKillSwitch, type KillSwitchState } from "./kill-switch";
import { cancelAllOrders, cancelOrder, listOrders, placeOrder, type Executed } from "./orders";
import { createLocalOwnerLock } from "./owner-lock";
import { previewOrder } from "./preview";
import { createRiskCache, RISK_OVERRIDES_TOPIC } from "./risk/cache";
import { closePair, listPairs, openPair, recoverPairs } from "./pairs";
import { closePosition, listBalances, listPositions, openPosition } from "./positions";
import { setPositionExits } from "./exits";
import { KeyNameCache } from "./key-names";
import type { RiskOverride } from "./risk/limits";
import { overridesOf, setOverride, type OwnerOverrides } from "./risk/store";

/**
 * Execution for one owner at a time. Every mutating call takes a Caller (owner, and the agent key or
 * null for the owner's own session) and optional ExecOptions (Idempotency-Key), re-validates its input
 * (400 TradingError "invalid"), applies the risk policy (403 "risk" with a category) and returns
 * Executed<T> ({ result, replayed }). Failures are TradingError (lib/trading/execution/errors) with a kind the
 * caller maps to a status.
 */
export interface TradingService {
  /** Live orders (status "open", default) from the venues, or the history of orders placed here. */
  listOrders(ownerId: string, query?: { status?: OrderListStatus; symbol?: string; keyId?: string; limit?: number }): Promise<OrderView[]>;
  /** PlaceOrder: smart-routed across venues unless preferredExchange; answers the parent and its children. */
  placeOrder(caller: Caller, input: PlaceOrderInput, options?: ExecOptions): Promise<Executed<ParentOrderView>>;
  /** A dry run of placeOrder: the children it would send, what the books would fill now, fees and the risk verdict; nothing is sent. */
  previewOrder(caller: Caller, input: PlaceOrderInput): Promise<OrderPreviewView>;
  /** Cancels one live venue order of the owner (404 unknown or another owner's, 409 no longer live). */
  cancelOrder(caller: Caller, venue: string, orderId: string, options?: ExecOptions): Promise<Executed<OrderView>>;
  /** Cancels every live order of the owner (optionally of one symbol); returns those cancelled. */
  cancelAllOrders(caller: Caller, symbol?: string, options?: ExecOptions): Promise<Executed<OrderView[]>>;
  listPositions(ownerId: string): Promise<PositionView[]>;
  listBalances(ownerId: string): Promise<BalanceView[]>;
  /** Opens or adds to a position at market (notionalUsd or quantity), optionally setting leverage first. */
  openPosition(caller: Caller, input: OpenPositionInput, options?: ExecOptions): Promise<Executed<{ order: ParentOrderView }>>;
  /** Closes a position (all, or `quantity` for a partial close) with reduce-only market orders. */
  closePosition(caller: Caller, input: ClosePositionInput, options?: ExecOptions): Promise<Executed<{ order: ParentOrderView }>>;
  /** Sets or replaces (null: removes) a position's take-profit and stop-loss with reduce-only trigger orders sized to it. */
  setPositionExits(
    caller: Caller,
    symbol: string,
    input: PositionExitsInput,
    options?: ExecOptions,
  ): Promise<Executed<{ orders: ParentOrderView[]; cancelled: number }>>;
  /** OpenPair: long and short on one venue; a failed second leg unwinds the first (422 "rejected"). */
  openPair(caller: Caller, input: OpenPairInput, options?: ExecOptions): Promise<Executed<PairView>>;
  closePair(caller: Caller, pairId: string, options?: ExecOptions): Promise<Executed<PairView>>;
  /** Pairs newest first, with legs, entry and exit prices and basket PnL at the marks. */
  listPairs(ownerId: string): Promise<PairView[]>;
  /** Pulls the kill switch for one key, or every key (keyId null): cancels their live orders, blocks new ones. */
  engageKillSwitch(ownerId: string, keyId: string | null): Promise<{ state: KillSwitchState; cancelled: number }>;
  releaseKillSwitch(ownerId: string, keyId: string | null): Promise<KillSwitchState>;
  killSwitchState(ownerId: string): Promise<KillSwitchState>;
  /** Tightens the operator's limits for every key of the owner (keyId null) or one key; {} removes the override. */
  setRiskOverride(ownerId: string, keyId: string | null, override: RiskOverride): Promise<RiskOverride>;
  /** The owner's overrides as set (for the owner's dashboard only: no agent endpoint shows them). */
  riskOverrides(ownerId: string): Promise<OwnerOverrides>;
  /** Unwinds pairs a crash left half-open and forgets expired Idempotency-Keys; run at start and periodically. */
  maintain(): Promise<{ pairsRecovered: number; keysPurged: number }>;
}

export function createTradingService(input: {
  database: DatabaseHandle;
  clock: Clock;
  venues: readonly Venue[];
  risk: RiskConfig;
  log: Logger;
  /** The venue host's group commit (the venues' own, so one batch holds an order's every row); a new one when absent. */
  writes?: GroupCommit;
  /** The deployment's bus; an in-process one when absent. */
  bus?: ClusterBus;
}): TradingService {
  const bus = input.bus ?? localBus();
  const writes = input.writes ?? new GroupCommit(input.database.db);
  const hostClaims = new HostKeyClaims(writes);
  hostClaims
    .load(input.database.db)
    .catch((err: unknown) => input.log.error({ err }, "trading: Idempotency-Keys not read; every key is claimed in the database"));
  const ctx: TradingContext = {
    ...input,
    lock: createLocalOwnerLock(),
    writes,
    hostClaims,
    bus,
    riskCache: createRiskCache(input.database.db, bus),
    claims: new IdempotencyClaims(input.database.db),
    keyNames: new KeyNameCache(input.database.db),
  };
  return refusingWhileHalted({
    listOrders: (ownerId, query) => listOrders(ctx, ownerId, query),
    placeOrder: (caller, body, options) => placeOrder(ctx, caller, body, options),
    previewOrder: (caller, body) => previewOrder(ctx, caller, body),
    cancelOrder: (caller, venue, orderId, options) => cancelOrder(ctx, caller, venue, orderId, options),
    cancelAllOrders: (caller, symbol, options) => cancelAllOrders(ctx, caller, symbol, options),
    listPositions: (ownerId) => listPositions(ctx, ownerId),
    listBalances: (ownerId) => listBalances(ctx, ownerId),
    openPosition: (caller, body, options) => openPosition(ctx, caller, body, options),
    closePosition: (caller, body, options) => closePosition(ctx, caller, body, options),
    setPositionExits: (caller, symbol, body, options) => setPositionExits(ctx, caller, symbol, body, options),
    openPair: (caller, body, options) => openPair(ctx, caller, body, options),
    closePair: (caller, id, options) => closePair(ctx, caller, id, options),
    listPairs: (ownerId) => listPairs(ctx, ownerId),
    engageKillSwitch: (ownerId, keyId) => engageKillSwitch(ctx, ownerId, keyId),
    releaseKillSwitch: (ownerId, keyId) => releaseKillSwitch(ctx, ownerId, keyId),
    killSwitchState: (ownerId) => killSwitchState(ctx, ownerId),
    setRiskOverride: async (ownerId, keyId, override) => {
      const stored = await setOverride(ctx.database.db, ownerId, keyId, { ...override }, ctx.clock.now());
      await bus.publish(RISK_OVERRIDES_TOPIC, ownerId);
      return stored;
    },
    riskOverrides: (ownerId) => overridesOf(ctx.database.db, ownerId),
    maintain: async () => ({ pairsRecovered: await recoverPairs(ctx), keysPurged: await purgeIdempotencyKeys(ctx.database.db, ctx.clock.now()) }),
  });
}

/** Seconds a client waits before retrying a call refused because writes halted (a new host takes over meanwhile). */
const HALTED_RETRY_AFTER_SECONDS = 2;

/**
 * Every call refused because the venues' writes halted answers 503 with Retry-After: the batch may or
 * may not have landed, so the Idempotency-Key stays with its run (runIdempotent releases only for a
 * TradingError thrown inside), and a retry on the host that takes over resumes it instead of repeating it.
 * A real venue's refusal of an account read (no linked account, rate limited, unreachable) answers as the
 * trading API's error for it.
 */
function refusingWhileHalted(service: TradingService): TradingService {
  const guarded = Object.entries(service).map(([name, fn]) => [
    name,
    async (...args: unknown[]) => {
      try {
        return await (fn as (...a: unknown[]) => Promise<unknown>)(...args);
      } catch (err) {
        if (err instanceof WritesHaltedError)
          throw new TradingError(
            "unavailable",
            "Orders cannot be stored right now; the venues restart from the database. Retry with the same Idempotency-Key.",
            undefined,
            HALTED_RETRY_AFTER_SECONDS,
          );
        if (err instanceof VenueRefusal) throw venueRefusalError(err);
        throw err;
      }
    },
  ]);
  return Object.fromEntries(guarded) as unknown as TradingService;
}
