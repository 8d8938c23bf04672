import type { Clock } from "../../clock";
import type { RiskConfig } from "../../config";
import type { DatabaseHandle } from "../../db/client";
import type { Logger } from "../../log";
import type { Venue } from "../../venues/venue";
import type { OwnerLock } from "./owner-lock";

/** What the trading services use; one per process (the owner lock must be shared by every caller). */
export interface TradingContext {
  database: DatabaseHandle;
  clock: Clock;
  venues: readonly Venue[];
  risk: RiskConfig;
  log: Logger;
  lock: OwnerLock;
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
