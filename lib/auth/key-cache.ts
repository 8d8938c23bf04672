import { TtlCache } from "../cache/ttl-cache";

/**
 * Recently verified agent keys, by hash, so that verification does not read the database on every
 * request. Entries live `ttlMs` at most (the bound on how stale another instance's view can be) and
 * are dropped at once when this instance revokes or rolls the key.
 */
export interface KeyCache<Row extends { id: string }> {
  get(hash: string): Row | undefined;
  set(hash: string, row: Row): void;
  /** Forget a key by its id (after a revoke or roll). */
  forget(keyId: string): void;
}

export function createKeyCache<Row extends { id: string }>(opts: { ttlMs: number; maxEntries: number; now: () => number }): KeyCache<Row> {
  const byHash = new TtlCache<string, Row>({ maxEntries: opts.maxEntries, ttlMs: opts.ttlMs, clock: { now: opts.now } });
  return {
    get: (hash) => byHash.get(hash),
    set: (hash, row) => byHash.set(hash, row),
    // Revokes and rolls are rare: a scan is cheaper than keeping a second index in step.
    forget: (keyId) => byHash.deleteWhere((row) => row.id === keyId),
  };
}
