import type { Clock } from "../../clock";
import type { RiskConfig } from "../../config";
import type { ClusterBus } from "../../cluster/bus";
import type { DatabaseHandle } from "../../db/client";
import type { GroupCommit } from "../../db/group-commit";
import type { Logger } from "../../log";
import type { Venue } from "../../venues/venue";
import type { IdempotencyClaims } from "./idempotency-claims";
import type { HostKeyClaims } from "./host-key-claims";
import type { KeyNameCache } from "./key-names";
import type { OwnerLock } from "./owner-lock";
import type { RiskCache } from "./risk/cache";

/**
 * What the trading services use; one per process, on the venue host (the only instance executing, so the
 * only writer of accounts and trading records: the owner lock is in-process).
 */
export interface TradingContext {
  database: DatabaseHandle;
  clock: Clock;
  venues: readonly Venue[];
  risk: RiskConfig;
  log: Logger;
  lock: OwnerLock;
  /** The host's group commit: trading records join the venues' changes in its batches. */
  writes: GroupCommit;
  /** Change broadcasts: limits, overrides and kill switches are published here after each write. */
  bus: ClusterBus;
  riskCache: RiskCache;
  /** First claims of Idempotency-Keys, inserted together. */
  claims: IdempotencyClaims;
  /** Idempotency-Keys the host can tell are new, claimed in memory and stored with the run's rows. */
  hostClaims: HostKeyClaims;
  /** Key names for the answers of the order path. */
  keyNames: KeyNameCache;
}

/** Who acts: an owner, through one of their agent keys (or the owner's own session: keyId null). */
export interface Caller {
  ownerId: string;
  keyId: string | null;
}

/** Options of every mutating service call. */
export interface ExecOptions {
  /** The caller's Idempotency-Key: the same key with the same request answers the first result. */
  idempotencyKey?: string;
}
