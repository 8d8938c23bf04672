// What the risk gate reads of the database (owners' overrides, kill switches, the day's starting equity),
// held in memory on the venue host and forgotten when any instance changes it (over the cluster bus).
import { EVERY_SUBJECT, type ClusterBus } from "../../../cluster/bus";
import type { Database } from "../../../db/client";
import { dayStartEquity, overrideRowsOf, switchedKeys, type OverrideRow } from "./store";

/** Bus topics: publish the owner id after the database write. */
export const RISK_OVERRIDES_TOPIC = "trading.risk-overrides";
export const KILL_SWITCH_TOPIC = "trading.kill-switch";

/** Per-owner values loaded once and kept until forgotten (a load in flight when forgotten is dropped with it). */
class OwnerCache<T> {
  private readonly values = new Map<string, Promise<T>>();

  constructor(private readonly load: (ownerId: string) => Promise<T>) {}

  get(ownerId: string): Promise<T> {
    const cached = this.values.get(ownerId);
    if (cached !== undefined) return cached;
    const loading = this.load(ownerId);
    this.values.set(ownerId, loading);
    loading.catch(() => this.values.get(ownerId) === loading && this.values.delete(ownerId));
    return loading;
  }

  forget(subject: string): void {
    if (subject === EVERY_SUBJECT) this.values.clear();
    else this.values.delete(subject);
  }
}

export interface RiskCache {
  overrides(ownerId: string): Promise<OverrideRow[]>;
  /** Key ids with a switch engaged ("*" for every key). */
  switches(ownerId: string): Promise<ReadonlySet<string>>;
  /** The owner's equity at the start of the UTC day of `now`, recorded on first ask. */
  dayStart(ownerId: string, now: number, equity: bigint): Promise<bigint>;
}

export function createRiskCache(db: Database, bus: ClusterBus): RiskCache {
  const overrides = new OwnerCache((ownerId) => overrideRowsOf(db, ownerId));
  const switches = new OwnerCache((ownerId) => switchedKeys(db, ownerId));
  bus.on(RISK_OVERRIDES_TOPIC, (subject) => overrides.forget(subject));
  bus.on(KILL_SWITCH_TOPIC, (subject) => switches.forget(subject));
  // The first value of a day never changes once stored: no invalidation needed.
  const dayStarts = new Map<string, { day: string; equity: Promise<bigint> }>();
  return {
    overrides: (ownerId) => overrides.get(ownerId),
    switches: (ownerId) => switches.get(ownerId),
    dayStart: (ownerId, now, equity) => {
      const day = new Date(now).toISOString().slice(0, 10);
      const known = dayStarts.get(ownerId);
      if (known?.day === day) return known.equity;
      const recorded = dayStartEquity(db, ownerId, day, equity);
      dayStarts.set(ownerId, { day, equity: recorded });
      recorded.catch(() => dayStarts.get(ownerId)?.equity === recorded && dayStarts.delete(ownerId));
      return recorded;
    },
  };
}
