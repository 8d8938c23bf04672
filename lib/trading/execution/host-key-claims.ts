// Idempotency-Keys claimed in the venue host's memory. The host runs every execution of its deployment
// (alone, the process runs them all), so a key it has not seen stored, nor claimed since it started, is
// new: its record then joins the run's own rows in the group commit instead of being inserted by a
// statement of its own before the run. A batch holding any change of the run holds the key's record or
// follows the batch that does, so a crash leaves either both or neither. Keys it cannot vouch for (stored
// before it started, or claimed while it still reads those) are claimed in the database as before.
import { asc, sql } from "drizzle-orm";
import { BloomFilter } from "../../cache/bloom-filter";
import { awaitedLater } from "../../concurrency/awaited-later";
import type { Database } from "../../db/client";
import type { GroupCommit } from "../../db/group-commit";
import { tradeIdempotency } from "../schema";
import type { ClaimRow } from "./idempotency-claims";
import { recordClaim } from "./records";

/** Keys (stored, or claimed since the start) the filter is sized for; past it, more claims go to the database. */
const CAPACITY = 2_000_000;
const LOAD_PAGE = 10_000;

/** What the host can say of a key: new (claimed, its record on the way), held by a run here, or ask the database. */
export type HostClaim = { kind: "new"; stored: Promise<void> } | { kind: "held"; fingerprint: string } | { kind: "ask" };

export class HostKeyClaims {
  /** Every key stored when this started or claimed since: a key it has certainly not seen is new. */
  private readonly seen = new BloomFilter(CAPACITY);
  /** Keys claimed here whose last record is not stored yet. */
  private readonly held = new Map<string, string>();
  private complete = false;

  constructor(private readonly writes: GroupCommit) {}

  /** Reads every key stored, a page at a time; until it has, every claim is asked of the database. */
  async load(db: Database): Promise<void> {
    const t = tradeIdempotency;
    let after: { scope: string; key: string } | undefined;
    for (;;) {
      const page = await db
        .select({ scope: t.scope, key: t.key })
        .from(t)
        .where(after === undefined ? undefined : sql`(${t.scope}, ${t.key}) > (${after.scope}, ${after.key})`)
        .orderBy(asc(t.scope), asc(t.key))
        .limit(LOAD_PAGE);
      for (const row of page) this.seen.add(keyId(row.scope, row.key));
      if (page.length < LOAD_PAGE) break;
      after = page.at(-1);
    }
    this.complete = true;
  }

  /**
   * Claims `row`'s key when it is certainly new. A key asked of the database is marked seen first, so it
   * is never taken for new once the database has it.
   */
  claim(row: ClaimRow): HostClaim {
    const id = keyId(row.scope, row.key);
    const fingerprint = this.held.get(id);
    if (fingerprint !== undefined) return { kind: "held", fingerprint };
    const known = !this.complete || this.seen.mayHave(id);
    this.seen.add(id);
    if (known) return { kind: "ask" };
    this.held.set(id, row.fingerprint);
    // Awaited only if the run fails; otherwise the run's own records (in this batch or later ones) tell.
    return { kind: "new", stored: awaitedLater(recordClaim(this.writes, row)) };
  }

  /** A key claimed here has its last record stored, or never will have: the database answers for it now. */
  settle(scope: string, key: string): void {
    this.held.delete(keyId(scope, key));
  }
}

const keyId = (scope: string, key: string) => `${scope}\u0000${key}`;
