import { sql } from "drizzle-orm";
import { z } from "zod";
import { accountOf, grantCredits, ledgerSum, openAccount, reserveCredits, settleCharge, type LedgerContext } from "../../lib/billing/ledger";
import { systemClock } from "../../lib/clock";
import { openDatabase, type DatabaseTarget } from "../../lib/db/client";
import { migrateDatabase } from "../../lib/db/migrate";
import { newId } from "../../lib/ids";
import { number, table } from "../lib/report";

const CHARGE = 2;
const balanceRows = z.object({ rows: z.array(z.object({ balance: z.coerce.number() })) });

/** Runs `task` `total` times from `concurrency` loops; returns the results and the rate per second. */
async function drive<T>(total: number, concurrency: number, task: () => Promise<T>): Promise<{ results: T[]; perSecond: number }> {
  const results: T[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        results.push(await task());
      }
    }),
  );
  return { results, perSecond: total / ((performance.now() - started) / 1000) };
}

/**
 * Paid requests against a balance that covers a quarter of them: our reserve-and-settle (a guarded
 * conditional UPDATE, a charge row and two ledger entries per request) beside the check-then-bill
 * pattern (read the balance, do the work, then subtract), both on the same database in the same run.
 * The figure that matters besides speed: how many requests each let through, against how many the
 * balance covered.
 */
export async function credits(total = Number(process.env.BENCH_CREDIT_REQUESTS ?? 4000), concurrency = 32): Promise<void> {
  const target: DatabaseTarget = process.env.BENCH_DATABASE_URL
    ? { kind: "postgres", url: process.env.BENCH_DATABASE_URL, maxConnections: concurrency }
    : { kind: "pglite" };
  console.log(
    `\n## credits: ${total} paid requests of ${CHARGE} credits from ${concurrency} concurrent callers, the balance covering ${total / 4}, on ${target.kind}`,
  );
  const database = await openDatabase(target);
  try {
    await migrateDatabase(database);
    const ctx: LedgerContext = { db: database.db, clock: systemClock };
    const balance = (total / 4) * CHARGE;

    const ours = newId("bench");
    const start = await openAccount(ctx, ours, "Free", "bench");
    await grantCredits(ctx, ours, { amount: balance - start, actor: "bench" });
    const guarded = await drive(total, concurrency, async () => {
      const r = await reserveCredits(ctx, {
        accountId: ours,
        endpoint: "search",
        amount: CHARGE,
        requestId: "bench",
        idempotencyKey: null,
        fingerprint: "bench",
      });
      if (r.kind !== "reserved") return false;
      await settleCharge(ctx, r.chargeId, { charged: CHARGE, detail: {} });
      return true;
    });
    const oursAfter = (await accountOf(ctx, ours))!.balance;

    // The peer keeps its balance in a table of its own, without our CHECK, as check-then-bill code does.
    const peer = newId("bench");
    await database.db.execute(sql`create table if not exists bench_check_then_bill (id text primary key, balance bigint not null)`);
    await database.db.execute(sql`insert into bench_check_then_bill (id, balance) values (${peer}, ${balance})`);
    const peerBalance = async () =>
      balanceRows.parse(await database.db.execute(sql`select balance from bench_check_then_bill where id = ${peer}`)).rows[0]!.balance;
    const checkThenBill = await drive(total, concurrency, async () => {
      if ((await peerBalance()) < CHARGE) return false;
      await database.db.execute(sql`update bench_check_then_bill set balance = balance - ${CHARGE} where id = ${peer}`);
      return true;
    });
    const peerAfter = await peerBalance();
    await database.db.execute(sql`drop table bench_check_then_bill`);

    const covered = balance / CHARGE;
    const accepted = (r: boolean[]) => r.filter(Boolean).length;
    table([
      ["approach", "requests/s", "accepted", "covered", "final balance", "ledger sums to it"],
      [
        "reserve + settle (ours)",
        number(guarded.perSecond),
        String(accepted(guarded.results)),
        String(covered),
        String(oursAfter),
        (await ledgerSum(ctx, ours)) === oursAfter ? "yes" : "no",
      ],
      ["check then bill (peer)", number(checkThenBill.perSecond), String(accepted(checkThenBill.results)), String(covered), String(peerAfter), "no ledger"],
    ]);
    console.log(`ratio of request rates (ours / peer): ${number(guarded.perSecond / checkThenBill.perSecond)}`);
  } finally {
    await database.close();
  }
}
