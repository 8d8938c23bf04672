import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../clock";
import { parseConfig } from "../config";
import type { DatabaseTarget } from "../db/client";
import { newId } from "../ids";
import { silentLogger } from "../log";
import { startServices } from "../server/services";
import { createTestDatabase, type TestDatabase } from "../testing/database";
import { accountOf, ledgerSum, openAccount, RESERVATION_TTL_MS, reserveCredits } from "./ledger";

// A process that dies between reserve and settle must not keep the credits: the next start (or the
// sweep, once the reservation has expired) gives them back.
const postgres = process.env.BOURSE_TEST_DB === "postgres";
let testDb: TestDatabase;
let target: DatabaseTarget;

beforeAll(async () => {
  testDb = await createTestDatabase({ persistent: true });
  target = testDb.target;
});
afterAll(() => testDb.drop());

const config = parseConfig({ NODE_ENV: "test", BOURSE_SECRET: "test-secret-0123456789-0123456789-abcdef" });
const clock = manualClock();
// Each test starts the services two or three times: under a loaded machine that ran past the 30 s default.
const RESTARTS_MS = 120_000;
const start = () => startServices({ config, log: silentLogger, clock, database: target });

/** Starts, opens an account with 100 credits, reserves `amount` as a request would, and dies without settling. */
async function crashMidRequest(amount: number): Promise<string> {
  const services = await start();
  const ctx = { db: services.deps.database.db, clock };
  const id = newId("acc");
  await openAccount(ctx, id, "Free", "test");
  expect((await reserveCredits(ctx, { accountId: id, endpoint: "scrape", amount, requestId: "crash", idempotencyKey: "k", fingerprint: "f" })).kind).toBe(
    "reserved",
  );
  await services.stop();
  return id;
}

async function balanceAfterRestart(id: string): Promise<{ balance: number; sum: number }> {
  const services = await start();
  try {
    const ctx = { db: services.deps.database.db, clock };
    return { balance: (await accountOf(ctx, id))!.balance, sum: await ledgerSum(ctx, id) };
  } finally {
    await services.stop();
  }
}

describe.runIf(!postgres)("on the embedded database (one process per data folder)", () => {
  it("refunds every reservation left open at the next start", { timeout: RESTARTS_MS }, async () => {
    const id = await crashMidRequest(25);
    expect(await balanceAfterRestart(id)).toEqual({ balance: 100, sum: 100 });
  });
});

describe.runIf(postgres)("on PostgreSQL (other instances may be mid-request)", () => {
  it("leaves a reservation alone until it expires, then refunds it at start", { timeout: RESTARTS_MS }, async () => {
    const id = await crashMidRequest(25);
    expect(await balanceAfterRestart(id)).toEqual({ balance: 75, sum: 75 });
    clock.advance(RESERVATION_TTL_MS);
    expect(await balanceAfterRestart(id)).toEqual({ balance: 100, sum: 100 });
  });
});
