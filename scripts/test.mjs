// `npm test`: install what is missing (Chromium included), check formatting and lint (Biome), type-check, build, then run the
// unit and integration tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) and, beside them, the browser tests.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import net from "node:net";
import { ensureBuild, ensureDependencies, log, root, run, spawnStatus } from "./lib/steps.mjs";
import { ensureChromium } from "./lib/chromium.mjs";

const outDir = path.join(root, ".test-output");
fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
const bin = (name) => path.join(root, "node_modules", ".bin", name);

ensureDependencies();
const chromium = ensureChromium();

log("Formatting and lint (Biome)");
run(bin("biome"), ["ci", "--error-on-warnings", "."]);

log("Type-checking");
run(bin("tsc"), ["--noEmit", "-p", "."]);

ensureBuild();

// The two suites side by side: the integration tests spend much of their time waiting on child processes,
// databases and timers, and the browser tests on pages and chains, so together they take little longer than
// the longer alone (on 2 cores, ~13 and ~6.5 minutes one after the other). The browser tests' output is
// kept apart and printed once they end, not interleaved with the other's.
log(
  `${process.env.TEST_DATABASE_URL ? "Unit and integration tests (PGlite and PostgreSQL)" : "Unit and integration tests (PGlite)"}, ` +
    `and beside them the browser tests (production build, fresh data folder; their output follows when they end)`,
);
const vitestReport = path.join(outDir, "vitest.json");
const playwrightReport = path.join(outDir, "playwright.json");
const playwrightLog = path.join(outDir, "playwright.log");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bourse-e2e-"));
// Five consecutive ports (server, scrape fixture, two anvil chains, the fake Hyperliquid; playwright.config.ts), below the kernel's
// ephemeral range so no outgoing connection opened meanwhile can take one of them.
const port = await freePortBlock(5);
const playwrightOutput = fs.openSync(playwrightLog, "w");
const [vitestStatus, playwrightStatus] = await Promise.all([
  spawnStatus(bin("vitest"), ["run"], { env: { ...process.env, VITEST_JSON_REPORT: vitestReport } }),
  spawnStatus(bin("playwright"), ["test"], {
    stdio: ["ignore", playwrightOutput, playwrightOutput],
    env: {
      ...process.env,
      BOURSE_E2E_PORT: String(port),
      BOURSE_E2E_DATA_DIR: dataDir,
      BOURSE_CHROMIUM: chromium,
      BOURSE_E2E_SHARED_MACHINE: "1",
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    },
  }),
]);
fs.closeSync(playwrightOutput);
fs.rmSync(dataDir, { recursive: true, force: true });
log("Browser tests");
process.stdout.write(fs.readFileSync(playwrightLog, "utf8"));

const vitest = countVitest(vitestReport);
const playwright = countPlaywright(playwrightReport);
const passed = vitest.passed + playwright.passed;
const failed =
  vitest.failed + playwright.failed + (vitestStatus !== 0 && vitest.failed === 0 ? 1 : 0) + (playwrightStatus !== 0 && playwright.failed === 0 ? 1 : 0);
console.log(`\nunit+integration: ${vitest.passed} passed, ${vitest.failed} failed; browser: ${playwright.passed} passed, ${playwright.failed} failed`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(vitestStatus === 0 && playwrightStatus === 0 && failed === 0 ? 0 : 1);

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

function countVitest(file) {
  const r = readJson(file);
  if (!r) return { passed: 0, failed: 0 };
  // A file that failed without a failing test (it did not load) counts once; describe blocks do not count.
  const unloaded = (r.testResults ?? []).filter((f) => f.status === "failed" && !f.assertionResults?.some((a) => a.status === "failed")).length;
  return { passed: r.numPassedTests ?? 0, failed: (r.numFailedTests ?? 0) + unloaded };
}

function countPlaywright(file) {
  const r = readJson(file);
  if (!r?.stats) return { passed: 0, failed: 0 };
  return { passed: (r.stats.expected ?? 0) + (r.stats.flaky ?? 0), failed: r.stats.unexpected ?? 0 };
}

async function freePortBlock(count) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * (12_000 - count));
    let free = true;
    for (let p = base; p < base + count && free; p++) free = await canListen(p);
    if (free) return base;
  }
  throw new Error("no block of free ports found between 20000 and 32000");
}

function canListen(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}
