// `npm test`: install what is missing (Chromium included), check formatting and lint (Biome), then run the unit and
// integration tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) and, beside them, type-check, build and run
// the browser tests.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import net from "node:net";
import { ensureBuild, ensureDependencies, log, root, run, start } from "./lib/steps.mjs";
import { ensureChromium } from "./lib/chromium.mjs";

const outDir = path.join(root, ".test-output");
fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
const bin = (name) => path.join(root, "node_modules", ".bin", name);

ensureDependencies();
const chromium = ensureChromium();

log("Formatting and lint (Biome)");
run(bin("biome"), ["ci", "--error-on-warnings", "."]);

// The unit and integration tests need neither the type check nor the build: they start now, the two run
// beside them (the build's output kept apart, printed if it fails), and the browser tests start once the
// build is there. The integration tests spend much of their time waiting on child processes, databases
// and timers, and the browser tests on pages and chains, so side by side they take little longer than the
// integration tests alone. The browser tests' output is kept apart too and printed once they end.
log(
  `${process.env.TEST_DATABASE_URL ? "Unit and integration tests (PGlite and PostgreSQL)" : "Unit and integration tests (PGlite)"}; ` +
    `beside them the type check, the build and then the browser tests (production build, fresh data folder; their output follows when they end)`,
);
const vitestReport = path.join(outDir, "vitest.json");
const playwrightReport = path.join(outDir, "playwright.json");
const playwrightLog = path.join(outDir, "playwright.log");
const buildLog = path.join(outDir, "build.log");
const vitest = start(bin("vitest"), ["run"], { env: { ...process.env, VITEST_JSON_REPORT: vitestReport } });
const buildOutput = fs.openSync(buildLog, "w");
try {
  log("Type-checking");
  run(bin("tsc"), ["--noEmit", "-p", "."]);
  ensureBuild({ stdio: ["ignore", buildOutput, buildOutput] });
} catch (err) {
  vitest.stop();
  process.stdout.write(fs.readFileSync(buildLog, "utf8"));
  throw err;
} finally {
  fs.closeSync(buildOutput);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bourse-e2e-"));
// Five consecutive ports (server, scrape fixture, two anvil chains, the fake Hyperliquid; playwright.config.ts), below the kernel's
// ephemeral range so no outgoing connection opened meanwhile can take one of them.
const port = await freePortBlock(5);
const playwrightOutput = fs.openSync(playwrightLog, "w");
const playwright = start(bin("playwright"), ["test"], {
  stdio: ["ignore", playwrightOutput, playwrightOutput],
  env: {
    ...process.env,
    BOURSE_E2E_PORT: String(port),
    BOURSE_E2E_DATA_DIR: dataDir,
    BOURSE_CHROMIUM: chromium,
    BOURSE_E2E_SHARED_MACHINE: "1",
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  },
});
const [vitestStatus, playwrightStatus] = await Promise.all([vitest.status, playwright.status]);
fs.closeSync(playwrightOutput);
fs.rmSync(dataDir, { recursive: true, force: true });
log("Browser tests");
process.stdout.write(fs.readFileSync(playwrightLog, "utf8"));

const unitAndIntegration = countVitest(vitestReport);
const browser = countPlaywright(playwrightReport);
const passed = unitAndIntegration.passed + browser.passed;
const failed =
  unitAndIntegration.failed +
  browser.failed +
  (vitestStatus !== 0 && unitAndIntegration.failed === 0 ? 1 : 0) +
  (playwrightStatus !== 0 && browser.failed === 0 ? 1 : 0);
console.log(
  `\nunit+integration: ${unitAndIntegration.passed} passed, ${unitAndIntegration.failed} failed; browser: ${browser.passed} passed, ${browser.failed} failed`,
);
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
