// Idempotency-Keys the venue host claims in memory: a new key costs no statement of its own, its record
// (answered, when the run answers in time) goes in the run's batch; duplicates are told apart in memory
// while it runs, and by the database after; keys stored before the host started are asked of the database.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { manualClock } from "../../clock";
import { requestFingerprint } from "../../idempotency/fingerprint";
import { GroupCommit, WritesHaltedError } from "../../db/group-commit";
import { migratedTestDatabase } from "../../testing/migrated-database";
import { tradeIdempotency } from "../schema";
import { TradingError } from "./errors";
import { HostKeyClaims } from "./host-key-claims";
import { runIdempotent, type IdempotencyStore, type Work } from "./idempotency";
import { type ClaimRow, IdempotencyClaims } from "./idempotency-claims";
import { recordAnswer } from "./records";

const db = migratedTestDatabase();

/** Claims in the database, counted. */
class CountedClaims extends IdempotencyClaims {
  count = 0;
  override claim(row: ClaimRow): Promise<boolean> {
    this.count++;
    return super.claim(row);
  }
}

/** The trading service's store on a host whose stored keys are read. */
async function host(): Promise<{ store: IdempotencyStore; claims: CountedClaims; hostClaims: HostKeyClaims; writes: GroupCommit }> {
  const writes = new GroupCommit(db.handle.db);
  const hostClaims = new HostKeyClaims(writes);
  await hostClaims.load(db.handle.db);
  const claims = new CountedClaims(db.handle.db);
  const store: IdempotencyStore = {
    db: db.handle.db,
    clock: manualClock(1_000),
    claims,
    hostClaims,
    storeAnswer: (answer) => recordAnswer(writes, answer),
    refused: (err) => err instanceof TradingError,
  };
  return { store, claims, hostClaims, writes };
}

const request = (scope: string, key: string, body: unknown = { n: 1 }) => ({ scope, key, endpoint: "POST /test", request: body });
const record = async (scope: string, key: string) =>
  (
    await db.handle.db
      .select()
      .from(tradeIdempotency)
      .where(and(eq(tradeIdempotency.scope, scope), eq(tradeIdempotency.key, key)))
  )[0];

/** Work that waits for `release` before answering. */
function heldWork(answer: unknown): { work: Work<unknown>; release(): void } {
  let release = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  return {
    work: async () => {
      await gate;
      return answer;
    },
    release,
  };
}

describe("Idempotency-Keys claimed on the venue host", () => {
  it("claim a new key in memory and store its record, answered, with the run's batch", async () => {
    const { store, claims } = await host();
    const run = await runIdempotent(store, request("key_a", "k1"), async (id, isNew, answerNow) => {
      expect(isNew).toBe(true);
      answerNow({ order: id });
      return { order: id };
    });
    expect(claims.count).toBe(0);
    expect(run.replayed).toBe(false);
    const row = await record("key_a", "k1");
    expect(row).toMatchObject({ operationId: (run.result as { order: string }).order, response: { status: 200, body: run.result } });
  });

  it("while a run holds its key, answer its duplicate 409 and the key with another request 400, in memory", async () => {
    const { store, claims } = await host();
    const held = heldWork({ done: true });
    const first = runIdempotent(store, request("key_a", "k2"), held.work);
    const duplicate = runIdempotent(store, request("key_a", "k2"), async () => ({ ran: "twice" }));
    await expect(duplicate).rejects.toMatchObject({ kind: "in_progress" });
    const other = runIdempotent(store, request("key_a", "k2", { n: 2 }), async () => ({ ran: "other" }));
    await expect(other).rejects.toMatchObject({ kind: "idempotency_reused" });
    held.release();
    expect((await first).result).toEqual({ done: true });
    expect(claims.count).toBe(0);
    // Stored: the database answers the duplicate with the first answer.
    const replay = await runIdempotent(store, request("key_a", "k2"), async () => ({ ran: "again" }));
    expect(replay).toEqual({ replayed: true, result: { done: true } });
    expect(claims.count).toBe(1);
  });

  it("ask the database of keys stored before the host started, and replay their answers", async () => {
    await db.handle.db.insert(tradeIdempotency).values({
      scope: "key_b",
      key: "before",
      fingerprint: requestFingerprint("POST /test", { n: 1 }),
      operationId: "op_before",
      response: { status: 200, body: "stored earlier" },
      leaseUntil: 0,
      expiresAt: 10_000_000,
    });
    const { store, claims } = await host();
    expect(await runIdempotent(store, request("key_b", "before"), async () => "ran")).toEqual({ replayed: true, result: "stored earlier" });
    await expect(runIdempotent(store, request("key_b", "before", { n: 2 }), async () => "ran")).rejects.toMatchObject({ kind: "idempotency_reused" });
    expect(claims.count).toBe(2);
  });

  it("before the stored keys are read, claim every key in the database", async () => {
    const writes = new GroupCommit(db.handle.db);
    const claims = new CountedClaims(db.handle.db);
    const store: IdempotencyStore = {
      db: db.handle.db,
      clock: manualClock(1_000),
      claims,
      hostClaims: new HostKeyClaims(writes),
      storeAnswer: (answer) => recordAnswer(writes, answer),
      refused: (err) => err instanceof TradingError,
    };
    await runIdempotent(store, request("key_c", "unread"), async () => "ran");
    expect(claims.count).toBe(1);
    expect(await record("key_c", "unread")).toMatchObject({ response: { status: 200, body: "ran" } });
  });

  it("release a key whose run was refused (its record deleted), so the key may carry another request", async () => {
    const { store } = await host();
    const refusal = new TradingError("risk", "refused");
    await expect(runIdempotent(store, request("key_d", "k"), async () => Promise.reject(refusal))).rejects.toBe(refusal);
    expect(await record("key_d", "k")).toBeUndefined();
    const next = await runIdempotent(store, request("key_d", "k", { n: 9 }), async () => "second");
    expect(next.result).toBe("second");
  });

  it("keep the key of a run that failed in transit with its operation id, for a retry to resume at once", async () => {
    const { store } = await host();
    let firstId = "";
    const failure = new Error("venue unreachable");
    const failed = runIdempotent(store, request("key_e", "k"), async (id) => {
      firstId = id;
      throw failure;
    });
    await expect(failed).rejects.toBe(failure);
    expect(await record("key_e", "k")).toMatchObject({ operationId: firstId, response: null, leaseUntil: 0 });
    const resumed = await runIdempotent(store, request("key_e", "k"), async (id, isNew) => ({ id, isNew }));
    expect(resumed.result).toEqual({ id: firstId, isNew: false });
  });

  it("store nothing of a run whose batch never commits: the run fails, and a retry on the next host runs anew", async () => {
    // The table refuses this scope's rows for a while: the batch holding the key's record cannot commit.
    await db.handle.db.execute(
      sql.raw(
        `create function refuse_key_f() returns trigger language plpgsql as $$ begin if new.scope = 'key_f' then raise exception 'refused'; end if; return new; end $$`,
      ),
    );
    await db.handle.db.execute(sql.raw("create trigger refuse_key_f before insert on trade_idempotency for each row execute function refuse_key_f()"));
    const { store, claims } = await host();
    let ran = 0;
    const work: Work<string> = async (id, isNew, answerNow) => {
      ran++;
      answerNow(`${id}:${isNew}`);
      return `${id}:${isNew}`;
    };
    await expect(runIdempotent(store, request("key_f", "k"), work)).rejects.toBeInstanceOf(WritesHaltedError);
    expect(claims.count).toBe(0);
    await db.handle.db.execute(sql.raw("drop trigger refuse_key_f on trade_idempotency"));
    await db.handle.db.execute(sql.raw("drop function refuse_key_f()"));
    expect(await record("key_f", "k")).toBeUndefined();
    const next = await host();
    const retried = await runIdempotent(next.store, request("key_f", "k"), work);
    expect(retried.result).toMatch(/:true$/);
    expect(ran).toBe(2);
  });
});
