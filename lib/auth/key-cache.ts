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
  const byHash = new Map<string, { row: Row; at: number }>();
  const hashById = new Map<string, string>();
  return {
    get(hash) {
      const hit = byHash.get(hash);
      if (!hit) return undefined;
      if (opts.now() - hit.at > opts.ttlMs) {
        byHash.delete(hash);
        hashById.delete(hit.row.id);
        return undefined;
      }
      return hit.row;
    },
    set(hash, row) {
      if (byHash.size >= opts.maxEntries) {
        // Maps iterate in insertion order: drop the oldest entry.
        const oldest = byHash.keys().next().value;
        if (oldest !== undefined) {
          const old = byHash.get(oldest);
          byHash.delete(oldest);
          if (old) hashById.delete(old.row.id);
        }
      }
      byHash.set(hash, { row, at: opts.now() });
      hashById.set(row.id, hash);
    },
    forget(keyId) {
      const hash = hashById.get(keyId);
      if (hash !== undefined) byHash.delete(hash);
      hashById.delete(keyId);
    },
  };
}
