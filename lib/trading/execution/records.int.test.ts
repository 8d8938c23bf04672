// The trading records through the group commit: stored together, and a batch that cannot be stored
// rejects what waits on it without leaving a rejection nobody handles (which would end the process).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { owners } from "../../auth/schema";
import { awaitedLater } from "../../concurrency/awaited-later";
import { GroupCommit, WritesHaltedError } from "../../db/group-commit";
import { migratedTestDatabase } from "../../testing/migrated-database";
import type { ChildRow, ParentRow } from "../contract/order-views";
import { sql } from "drizzle-orm";
import { tradeChildOrders, tradeIdempotency, tradeOrders } from "../schema";
import type { KeyAnswer } from "./idempotency";
import { answersStatement, recordAnswer, recordChildren, recordParent } from "./records";

const db = migratedTestDatabase();
beforeAll(async () => {
  await db.handle.db.insert(owners).values({ id: "own_records" });
});

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeAll(() => process.on("unhandledRejection", onUnhandled));
afterAll(() => process.off("unhandledRejection", onUnhandled));
afterEach(() => {
  unhandled.length = 0;
});

function parent(id: string, ownerId: string): ParentRow {
  return {
    id,
    ownerId,
    keyId: null,
    source: "order",
    symbol: "BTC-USD",
    side: "BUY",
    type: "MARKET",
    lots: 10,
    price: null,
    triggerPrice: null,
    reduceOnly: false,
    timeInForce: null,
    postOnly: false,
    takeProfit: null,
    stopLoss: null,
    venue: "alder",
    slippagePpm: 5000,
    createdAt: 1,
  };
}
function child(p: ParentRow, status: ChildRow["status"]): ChildRow {
  return {
    clientOrderId: `${p.id}-alder`,
    parentId: p.id,
    ownerId: p.ownerId,
    venue: "alder",
    venueOrderId: status === "PENDING" ? null : `v-${p.id}`,
    symbol: p.symbol,
    side: p.side,
    lots: p.lots,
    status,
    filledLots: status === "FILLED" ? p.lots : 0,
    filledNotional: status === "FILLED" ? 123_456_789_000_000_000n : 0n,
    fees: 0n,
    reason: null,
    rejectReason: null,
    createdAt: 1,
    updatedAt: 2,
  };
}

describe("trading records", () => {
  it("store a parent with its child, and the child's answer over its PENDING row in the same batch", async () => {
    const writes = new GroupCommit(db.handle.db);
    const p = parent("ord_ok", "own_records");
    const stored = [recordParent(writes, p, [child(p, "PENDING")]), recordChildren(writes, [child(p, "FILLED")])];
    await Promise.all(stored);
    expect(await db.handle.db.select().from(tradeOrders)).toEqual([p]);
    expect(await db.handle.db.select().from(tradeChildOrders)).toEqual([child(p, "FILLED")]);
  });

  it("when the batch fails, reject the caller's write and leave no unhandled rejection behind", async () => {
    const writes = new GroupCommit(db.handle.db);
    // No such owner: every try of the batch breaks a foreign key, so writes halt.
    const p = parent("ord_orphan", "own_missing");
    // The caller awaits only after other work, as the order path does once its owner lock is released.
    const stored = awaitedLater(recordParent(writes, p, [child(p, "PENDING")]));
    await new Promise((r) => setTimeout(r, 2_500));
    await expect(stored).rejects.toBeInstanceOf(WritesHaltedError);
    await new Promise((r) => setImmediate(r));
    expect(unhandled).toEqual([]);
    expect(writes.failure).toBeInstanceOf(WritesHaltedError);
  });
});

describe("Idempotency-Key answers", () => {
  const answer = (key: string, body: unknown): KeyAnswer => ({
    scope: "key_answers",
    key,
    fingerprint: `fp-${key}`,
    operationId: `op-${key}`,
    expiresAt: 99,
    body,
  });

  it("set the response on the key's record and leave the rest of it, and write a record gone meanwhile whole", async () => {
    await db.handle.db
      .insert(tradeIdempotency)
      .values({ scope: "key_answers", key: "held", fingerprint: "fp-first", operationId: "op-first", leaseUntil: 50, expiresAt: 60 });
    const writes = new GroupCommit(db.handle.db);
    await Promise.all([recordAnswer(writes, answer("held", { id: 1 })), recordAnswer(writes, answer("gone", ["x"]))]);
    const rows = await db.handle.db.select().from(tradeIdempotency).where(sql`${tradeIdempotency.scope} = 'key_answers'`).orderBy(tradeIdempotency.key);
    expect(rows).toEqual([
      {
        scope: "key_answers",
        key: "gone",
        fingerprint: "fp-gone",
        operationId: "op-gone",
        response: { status: 200, body: ["x"] },
        leaseUntil: 0,
        expiresAt: 99,
      },
      {
        scope: "key_answers",
        key: "held",
        fingerprint: "fp-first",
        operationId: "op-first",
        response: { status: 200, body: { id: 1 } },
        leaseUntil: 50,
        expiresAt: 60,
      },
    ]);
  });

  it("find each key's record by its primary key, not by reading the table (a day of keys)", async () => {
    await db.handle.db.execute(
      sql`insert into trade_idempotency (scope, key, fingerprint, operation_id, lease_until, expires_at) select 'key_many', 'k' || g, 'f', 'op' || g, 0, 0 from generate_series(1, 5000) g`,
    );
    const statement = answersStatement([answer("k17", { ok: true }), answer("k4000", { ok: true })])!;
    const plan = ((await db.handle.db.execute(sql`explain ${statement}`)) as unknown as { rows: Record<string, string>[] }).rows
      .map((r) => Object.values(r)[0])
      .join("\n");
    expect(plan).toMatch(/Conflict Arbiter Indexes: trade_idempotency_scope_key_pk/);
    expect(plan).not.toMatch(/Seq Scan on trade_idempotency/);
  });
});
