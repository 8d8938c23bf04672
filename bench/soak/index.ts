import { number, table } from "../lib/report";
import { percentile } from "./client";
import { handleCount } from "./setup";
import { mb, runSoak, type SoakReport, TOLERANCE } from "./soak";

/**
 * `npm run bench soak`: the fault soak, 10 minutes unless SOAK_SECONDS says otherwise, on PostgreSQL when
 * TEST_DATABASE_URL (or DATABASE_URL) is set, else PGlite. Throws when anything was lost, duplicated,
 * hung or leaked.
 */
export async function soak(seconds = Number(process.env.SOAK_SECONDS ?? 600)): Promise<void> {
  const postgresAdminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  console.log(`\n## soak: every kind of client at once for ${seconds}s, the server killed -9 twice, database connections dropped once`);
  const report = await runSoak({ seconds, postgresAdminUrl, log: (line) => console.log(line) });
  printSoakReport(report);
  if (report.failures.length > 0) throw new Error(`soak failed:\n${report.failures.join("\n")}`);
}

export function printSoakReport(r: SoakReport, print: (line: string) => void = console.log): void {
  const rows = [["kind", "answered", "2xx", "other statuses", "retries", "transport errors", "hangs", "gave up", "p50 ms", "p99 ms"]];
  for (const [kind, s] of r.kinds) {
    const answered = Object.values(s.answered).reduce((a, b) => a + b, 0);
    const ok = Object.entries(s.answered)
      .filter(([status]) => status.startsWith("2"))
      .reduce((a, [, n]) => a + n, 0);
    const other = Object.entries(s.answered)
      .filter(([status]) => !status.startsWith("2"))
      .map(([status, n]) => `${status}×${n}`)
      .join(" ");
    rows.push([
      kind,
      String(answered),
      String(ok),
      other || "-",
      String(s.retries),
      String(s.transportErrors),
      String(s.hangs),
      s.stuckRunning > 0 ? `${s.gaveUp} (${s.stuckRunning} on 409 still running)` : String(s.gaveUp),
      number(percentile(s.latencies, 50)),
      number(percentile(s.latencies, 99)),
    ]);
  }
  table(rows, print);
  print(`faults (${r.database}):`);
  for (const f of r.faults) print(`  ${(f.at / 1000).toFixed(0)}s ${f.what}: ${f.detail}`);
  const a = r.audit;
  print(
    `audit: ${a.checked.orders} acknowledged orders (${a.checked.childOrders} child orders), ${a.checked.charges} charges, ${a.checked.swaps} swaps, ` +
      `${a.checked.positions} positions against Σ fills, ${a.checked.creditAccounts} credit ledgers`,
  );
  const count = (kind: string) => a.findings.filter((f) => f.kind === kind).length;
  print(`lost: ${count("lost")}, duplicated: ${count("duplicated")}, inconsistent: ${count("inconsistent")}`);
  for (const f of a.findings.slice(0, 20)) print(`  ${f.kind}: ${f.what}`);
  print(
    `executed without an acknowledgment (clients gave up or were refused): ${a.unacknowledged.orders} orders, ${a.unacknowledged.chargedCredits} credits, ${a.unacknowledged.swaps} swaps`,
  );
  print(`swaps at the end: ${JSON.stringify(r.swapStatuses)}`);
  print(`server crashes: ${r.crashes.length === 0 ? "none" : r.crashes.join("; ")}`);
  print(`server process warnings: ${r.warnings.length === 0 ? "none" : ""}`);
  for (const w of r.warnings) print(`  ${w.count}× ${w.text}`);
  const v = r.vitals;
  print(
    `server memory after GC, last process: heap ${mb(v.start.heapUsedBytes)} → ${mb(v.end.heapUsedBytes)}, RSS ${mb(v.start.rssBytes)} → ${mb(v.end.rssBytes)}, ` +
      `handles ${handleCount(v.start)} → ${handleCount(v.end)} ${JSON.stringify(v.end.handles)}` +
      (v.first ? `; first process: heap ${mb(v.first.heapUsedBytes)}, RSS ${mb(v.first.rssBytes)}, handles ${handleCount(v.first)}` : ""),
  );
  print(
    `tolerance: heap ≤ start × ${TOLERANCE.heapRatio} + ${mb(TOLERANCE.heapSlackBytes)}, RSS ≤ start × ${TOLERANCE.rssRatio} + ${mb(TOLERANCE.rssSlackBytes)}, handles ≤ start + ${TOLERANCE.handles}`,
  );
  print(r.failures.length === 0 ? "soak passed" : `soak FAILED (server log: ${r.serverLog}):\n  ${r.failures.join("\n  ")}`);
}
