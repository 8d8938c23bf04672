import { TtlCache } from "../cache/ttl-cache";

/**
 * Recently verified agent keys, by hash, so that verification does not read the database on every
 * request. Entries are dropped when a revoke or roll is announced (on every instance of the deployment,
 * through the cluster bus) and live `ttlMs` at most, a backstop should an announcement be lost.
 *
 * A lookup that misses reads the database and then fills the cache. A revoke that commits while such a
 * read is in flight must not be undone by the fill, so the cache is versioned: every `forget` moves the
 * version on, and a row read under an older version is returned but not cached. Callers forget a key
 * after the revoke has committed: a read that starts later sees the revoked row.
 */
export interface KeyCache<Row extends { id: string }> {
  /** The cached row, or `load`'s (cached unless a key was forgotten while it was read). */
  lookup(hash: string, load: () => Promise<Row | undefined>): Promise<Row | undefined>;
  /** Forget a key by its id, once its revoke or roll has committed. */
  forget(keyId: string): void;
  /** Forget every key: changes may have been missed. */
  forgetAll(): void;
}

export function createKeyCache<Row extends { id: string }>(opts: { ttlMs: number; maxEntries: number; now: () => number }): KeyCache<Row> {
  const byHash = new TtlCache<string, Row>({ maxEntries: opts.maxEntries, ttlMs: opts.ttlMs, clock: { now: opts.now } });
  let version = 0;
  return {
    async lookup(hash, load) {
      const hit = byHash.get(hash);
      if (hit) return hit;
      const readAt = version;
      const row = await load();
      if (row && version === readAt) byHash.set(hash, row);
      return row;
    },
    forget(keyId) {
      version++;
      // Revokes and rolls are rare: a scan is cheaper than keeping a second index in step.
      byHash.deleteWhere((row) => row.id === keyId);
    },
    forgetAll() {
      version++;
      byHash.deleteWhere(() => true);
    },
  };
}
