import type { Clock } from "../clock";

/**
 * A bounded map whose entries expire: an entry set at t with a lifetime of ttl is there until t + ttl
 * inclusive. When full, the least recently used entry goes first.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(private readonly options: { maxEntries: number; clock: Clock; ttlMs?: number }) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt < this.options.clock.now()) return undefined;
    this.entries.set(key, entry); // most recent last
    return entry.value;
  }

  /** Keeps `value` for `ttlMs`, by default the cache's own lifetime. */
  set(key: K, value: V, ttlMs = this.defaultTtl()): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.options.clock.now() + ttlMs });
    while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Drops every entry whose value matches. */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private defaultTtl(): number {
    if (this.options.ttlMs === undefined) throw new Error("This cache has no default lifetime: pass one to set().");
    return this.options.ttlMs;
  }
}
