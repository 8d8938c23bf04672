// `npm run fuzz`: the bad-input fuzz over both OpenAPI documents, larger than its CI test.
// Options: --seed N (default: the time), --per-operation N (default 120), --rounds N (default 3).
import { parseArgs } from "node:util";
import { runFuzz } from "../lib/testing/fuzz/fuzz-session";

const { values } = parseArgs({
  options: { seed: { type: "string" }, "per-operation": { type: "string", default: "120" }, rounds: { type: "string", default: "3" } },
});
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
const perOperation = Number(values["per-operation"]);
const rounds = Number(values.rounds);
if (![seed, perOperation, rounds].every((n) => Number.isInteger(n) && n > 0)) {
  console.error("usage: npm run fuzz -- [--seed N] [--per-operation N] [--rounds N] (positive whole numbers)");
  process.exit(2);
}

const started = Date.now();
console.log(`fuzz: seed ${seed}, ${perOperation} requests per operation, ${rounds} rounds`);
const outcome = await runFuzz({
  seed,
  perOperation,
  rounds,
  onRound: (round, report) => console.log(`  round ${round}: ${report.requests} requests, ${report.violations.length} outside the contract`),
});
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const growth = outcome.heapAfterLastRound - outcome.heapAfterFirstRound;
const statuses = Object.entries(outcome.report.statuses)
  .map(([status, n]) => `${status}: ${n}`)
  .join(", ");
console.log(`operations: ${outcome.operations}; requests: ${outcome.report.requests} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`statuses: ${statuses}`);
console.log(`other owner's data unchanged: ${outcome.victimUnchanged ? "yes" : "NO"}`);
if (!outcome.victimUnchanged) console.log(`  before: ${JSON.stringify(outcome.victimBefore)}\n  after:  ${JSON.stringify(outcome.victimAfter)}`);
console.log(
  `heap after round 1: ${mb(outcome.heapAfterFirstRound)}; after round ${rounds}: ${mb(outcome.heapAfterLastRound)} (${growth >= 0 ? "+" : ""}${mb(growth)})`,
);
for (const v of outcome.report.violations.slice(0, 30)) console.log(`  ✗ ${v.status} ${v.reason}: ${v.request}\n      ${v.body.slice(0, 160)}`);
if (outcome.report.violations.length > 30) console.log(`  … and ${outcome.report.violations.length - 30} more`);
const passed = outcome.report.violations.length === 0 && outcome.victimUnchanged && growth < 32 * 1024 * 1024;
console.log(passed ? "fuzz: passed" : "fuzz: FAILED");
process.exit(passed ? 0 : 1);
