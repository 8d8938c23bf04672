import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { newId } from "../ids";
import { createTestApi, type TestApi } from "../testing/api";
import { accountOf, ledgerSum, openAccount, type LedgerContext } from "./ledger";
import { runMetered } from "./metered";
import { creditCharges } from "./schema";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

/** The database, with the transactions numbered in `failing` (1 = the first) failing as a dropped connection would. */
function flakyContext(failing: readonly number[]): LedgerContext {
  const db = t.deps.database.db;
  let calls = 0;
  const flaky = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== "transaction") return Reflect.get(target, prop, receiver);
      return (...args: Parameters<Database["transaction"]>) => {
        calls += 1;
        if (failing.includes(calls)) return Promise.reject(new Error("Connection terminated unexpectedly"));
        return target.transaction(...args);
      };
    },
  });
  return { db: flaky, clock: t.clock };
}

async function account(): Promise<string> {
  const id = newId("acc");
  await openAccount({ db: t.deps.database.db, clock: t.clock }, id, "Free", "test");
  return id;
}

const charge = (accountId: string) => ({
  accountId,
  endpoint: "search" as const,
  amount: 10,
  requestId: newId("req"),
  idempotencyKey: newId("idem"),
  request: { q: 1 },
});
const work = async () => ({ result: { answer: 42 }, charged: 4, detail: {} });

describe("settling paid work", () => {
  it("tries again when the database fails under the settlement, and charges once", async () => {
    const ctx = flakyContext([2]);
    const id = await account();
    const done = await runMetered(ctx, charge(id), work);
    expect(done).toMatchObject({ replayed: false, charged: 4, balance: 96 });
    const rows = await t.deps.database.db.select().from(creditCharges).where(eq(creditCharges.accountId, id));
    expect(rows.map((r) => [r.status, r.charged])).toEqual([["settled", 4]]);
    expect(await ledgerSum(ctx, id)).toBe(96);
  });

  it("refunds the charge and releases its Idempotency-Key when the result cannot be recorded", async () => {
    const ctx = flakyContext([2, 3, 4]);
    const id = await account();
    const request = charge(id);
    await expect(runMetered(ctx, request, work)).rejects.toThrow(/Connection terminated/);
    expect(await accountOf(ctx, id)).toMatchObject({ balance: 100 });
    // A retry with the same key runs again at once instead of waiting out the lease as "still running".
    const retried = await runMetered({ db: t.deps.database.db, clock: t.clock }, request, work);
    expect(retried).toMatchObject({ replayed: false, charged: 4, balance: 96 });
    expect(await ledgerSum(ctx, id)).toBe(96);
  });
});
