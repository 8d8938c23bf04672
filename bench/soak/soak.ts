// The fault soak: every kind of client at once against the real API while the server is killed -9 and
// restarted twice and (on PostgreSQL) its database connections are dropped once; then an audit of what
// the clients were told against what was stored, and the server's memory and handles before and after.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type DatabaseTarget } from "../../lib/db/client";
import { createScratchDatabase, withAdmin } from "../../lib/testing/database";
import { startTestChains } from "../../lib/chain/testing";
import { startFixtureSite } from "../../lib/web/testing/fixture-site";
import { type AuditResult, auditSoak } from "./audit";
import { type KindStats, pause, SoakClient, SoakStats } from "./client";
import { startServer, type ServerProcess } from "./server-process";
import { handleCount, type SoakSetup, type Vitals } from "./setup";
import { type LoadContext, Ledger, marketDataReader, scraper, searcher, settleSwaps, swapper, trader } from "./workloads";
import { freePort } from "../../lib/testing/free-port";

/** Memory and handles at the end may exceed the start by this much (heap and RSS after a full GC). */
export const TOLERANCE = { heapRatio: 1.25, heapSlackBytes: 16 * 2 ** 20, rssRatio: 1.25, rssSlackBytes: 48 * 2 ** 20, handles: 8 };

export interface SoakOptions {
  seconds: number;
  /** PostgreSQL: an admin URL on which the soak creates (and drops) a database of its own. PGlite otherwise. */
  postgresAdminUrl?: string;
  /** How many clients of each kind. */
  clients?: { readers: number; traders: number; tradingOwners: number; searchers: number; scrapers: number; swappers: number };
  log?: (line: string) => void;
}

export interface Fault {
  at: number;
  what: "kill -9 and restart" | "PostgreSQL connections dropped" | "PostgreSQL connections not dropped (PGlite)";
  detail: string;
}

export interface SoakReport {
  seconds: number;
  database: "pglite" | "postgres";
  kinds: Map<string, KindStats>;
  faults: Fault[];
  audit: AuditResult;
  swapStatuses: Record<string, number>;
  vitals: { start: Vitals; end: Vitals; first: Vitals | undefined };
  /** Node's process warnings in the server's log (e.g. MaxListenersExceededWarning, a listener leak), each once with a count. */
  warnings: { text: string; count: number }[];
  /** Exits of the server that the soak did not cause. */
  crashes: string[];
  /** Where the server's log was kept, when the soak failed. */
  serverLog?: string;
  failures: string[];
}

/** Least time between a fault (or a restart's end) and the next step. */
const SETTLE_MS = 10_000;
const DEFAULT_CLIENTS = { readers: 2, traders: 3, tradingOwners: 2, searchers: 1, scrapers: 1, swappers: 1 };
const FIXTURE_PAGES = 5;

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? (() => {});
  const clients = options.clients ?? DEFAULT_CLIENTS;
  const ms = options.seconds * 1000;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "bourse-soak-"));
  const cleanups: (() => Promise<unknown>)[] = [async () => fs.rmSync(work, { recursive: true, force: true })];
  try {
    const database = await soakDatabase(options.postgresAdminUrl, work);
    cleanups.push(database.drop);
    const chains = await startTestChains();
    cleanups.push(() => chains.stop());
    const site = await startFixtureSite(fixturePages());
    cleanups.push(() => site.close());

    const setupFile = path.join(work, "setup.json");
    const logFile = path.join(work, "server.log");
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...chains.env,
      PORT: String(await freePort()),
      DATA_DIR: path.join(work, "data"),
      VENUES: "embedded",
      LOG_LEVEL: "warn",
      BOURSE_SECRET: randomBytes(32).toString("hex"),
      SEARCH_PROVIDER: "index",
      WEB_FETCH_ALLOW: `127.0.0.1:${site.port}`,
      TRUSTED_PROXIES: "127.0.0.1",
      SOAK_SETUP_FILE: setupFile,
      SOAK_PLAN: JSON.stringify({
        traders: clients.traders,
        owners: clients.tradingOwners,
        searchKeys: clients.searchers + clients.scrapers,
        swappers: clients.swappers,
      }),
    };
    delete env.DATABASE_URL;
    if (database.target.kind === "postgres") env.DATABASE_URL = database.target.url;

    // A server that dies by itself is a failure; it is started again so that the run and the audit go on.
    const crashes: string[] = [];
    const start = () =>
      startServer(env, logFile, (how) => {
        crashes.push(how);
        log(`soak: the server crashed: ${how}; starting it again`);
        restarting = start().then((s) => {
          server = s;
        });
      });
    let restarting: Promise<void> = Promise.resolve();
    let server: ServerProcess = await start();
    cleanups.push(() => restarting.then(() => server.kill9()));
    const setup = JSON.parse(fs.readFileSync(setupFile, "utf8")) as SoakSetup;
    const stats = new SoakStats();
    const client = new SoakClient(server.url, stats);
    const ledger = new Ledger();
    let running = true;
    const ctx: LoadContext = { client, ledger, running: () => running };
    log(`soak: ${options.seconds}s on ${database.target.kind}, server pid ${server.pid}, work folder ${work}`);

    const loops = [
      ...Array.from({ length: clients.readers }, (_, i) => marketDataReader(ctx, i)),
      ...setup.traders.map((agent, i) => trader(ctx, agent, i)),
      ...setup.searchKeys.slice(0, clients.searchers).map((k, i) => searcher(ctx, { ...k, ip: `10.77.1.${i + 1}` })),
      ...setup.searchKeys.slice(clients.searchers).map((k, i) => scraper(ctx, { ...k, ip: `10.77.2.${i + 1}` }, site.origin, FIXTURE_PAGES)),
      ...setup.swappers.map((agent, i) => swapper(ctx, agent, i)),
    ];
    const load = Promise.all(loops);
    load.catch(() => {
      running = false;
    });

    const started = Date.now();
    const faults: Fault[] = [];
    // Each step waits for its share of the run and, in short runs, for the server to have served a while
    // since the last fault (a restart takes seconds: faults back to back would only test the restart).
    let lastFault = started;
    const at = async (fraction: number) => {
      const when = Math.max(started + fraction * ms, lastFault + SETTLE_MS);
      await Promise.race([pause(Math.max(0, when - Date.now())), load.catch(() => {})]);
      if (!running) await load; // a client failed outright: surface its error
    };
    const vitals = (label: string) => readVitals(client, label);
    const restart = async () => {
      await restarting;
      const t = Date.now();
      const pid = server.pid;
      await server.kill9();
      server = await start();
      lastFault = Date.now();
      faults.push({ at: t - started, what: "kill -9 and restart", detail: `pid ${pid} killed, pid ${server.pid} serving after ${Date.now() - t} ms` });
      log(`soak: ${faults.at(-1)!.detail}`);
    };

    await at(0.1);
    const first = await vitals("first process");
    await at(0.2);
    await restart();
    await at(0.4);
    await restart();
    // The last process warms up under load before its starting reading.
    await at(0.55);
    const startVitals = await vitals("start");
    await at(0.7);
    faults.push(await dropConnections(database, started));
    lastFault = Date.now();
    log(`soak: ${faults.at(-1)!.detail}`);
    await at(1);
    running = false;
    await load;
    log(`soak: load stopped after ${Math.round((Date.now() - started) / 1000)}s`);

    const swapStatuses = await settleSwaps(client, ledger.swaps, (ownerId) => setup.swappers.find((s) => s.ownerId === ownerId)!.key, 30_000);
    await pause(1_000);
    await restarting;
    const end = await vitals("end");
    await server.stop();

    const handle = await openDatabase(database.target);
    let audit: AuditResult;
    try {
      audit = await auditSoak(handle, setup, ledger);
    } finally {
      await handle.close();
    }
    const report: SoakReport = {
      seconds: options.seconds,
      database: database.target.kind,
      kinds: stats.kinds,
      faults,
      audit,
      swapStatuses: countBy([...swapStatuses.values()]),
      vitals: { start: startVitals, end, first },
      crashes,
      warnings: processWarnings(fs.readFileSync(logFile, "utf8")),
      failures: [],
    };
    report.failures = judge(report);
    if (report.failures.length > 0) {
      // The work folder goes; the server's log stays for whoever looks into the failure.
      report.serverLog = path.join(os.tmpdir(), `bourse-soak-server-${Date.now()}.log`);
      fs.copyFileSync(logFile, report.serverLog);
    }
    return report;
  } finally {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  }
}

/** What fails the soak: anything lost, duplicated or inconsistent, a hang, a client that gave up, or memory and handles that did not come back. */
function judge(report: SoakReport): string[] {
  const failures = report.audit.findings.map((f) => `${f.kind}: ${f.what}`);
  for (const crash of report.crashes) failures.push(`the server crashed: ${crash}`);
  for (const [kind, s] of report.kinds) {
    if (s.hangs > 0) failures.push(`${kind}: ${s.hangs} attempts got no answer within their deadline`);
    if (s.gaveUp > 0) failures.push(`${kind}: ${s.gaveUp} requests had no final answer by their deadline`);
  }
  const { start, end } = report.vitals;
  if (end.heapUsedBytes > start.heapUsedBytes * TOLERANCE.heapRatio + TOLERANCE.heapSlackBytes)
    failures.push(`heap grew from ${mb(start.heapUsedBytes)} to ${mb(end.heapUsedBytes)}`);
  if (end.rssBytes > start.rssBytes * TOLERANCE.rssRatio + TOLERANCE.rssSlackBytes) failures.push(`RSS grew from ${mb(start.rssBytes)} to ${mb(end.rssBytes)}`);
  if (handleCount(end) > handleCount(start) + TOLERANCE.handles)
    failures.push(`open handles grew from ${handleCount(start)} to ${handleCount(end)}: ${JSON.stringify(end.handles)}`);
  for (const w of report.warnings) if (/MaxListenersExceeded/.test(w.text)) failures.push(`the server leaks listeners: ${w.count}× ${w.text}`);
  if (report.faults.filter((f) => f.what === "kill -9 and restart").length !== 2) failures.push("the server was not killed and restarted twice");
  return failures;
}

function processWarnings(log: string): { text: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const [, text] of log.matchAll(/^\(node:\d+\) (\w+Warning: .*)$/gm)) counts.set(text!, (counts.get(text!) ?? 0) + 1);
  return [...counts].map(([text, count]) => ({ text, count }));
}

export const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

async function readVitals(client: SoakClient, label: string): Promise<Vitals> {
  const answer = await client.send({ kind: "vitals", method: "GET", path: "/api/bench/vitals", deadlineMs: 60_000 });
  if (answer?.status !== 200) throw new Error(`no ${label} reading of the server's vitals: ${answer?.status} ${answer?.text}`);
  return answer.body as Vitals;
}

interface SoakDatabase {
  target: DatabaseTarget;
  adminUrl?: string;
  name?: string;
  drop(): Promise<void>;
}

/** A fresh PostgreSQL database (dropped afterwards) or a PGlite folder inside the work folder. */
async function soakDatabase(adminUrl: string | undefined, work: string): Promise<SoakDatabase> {
  if (adminUrl === undefined) return { target: { kind: "pglite", dataDir: path.join(work, "data", "pglite") }, drop: async () => {} };
  const scratch = await createScratchDatabase(adminUrl, "bourse_soak");
  return { target: { kind: "postgres", url: scratch.url }, adminUrl, name: scratch.name, drop: scratch.drop };
}

async function dropConnections(database: SoakDatabase, started: number): Promise<Fault> {
  const at = Date.now() - started;
  if (database.adminUrl === undefined)
    return { at, what: "PostgreSQL connections not dropped (PGlite)", detail: "skipped: PGlite runs inside the server process, it has no connections to drop" };
  // The call stays in the select list: in the WHERE clause the planner may run it on rows of other databases.
  const { rows } = await withAdmin(database.adminUrl, (c) =>
    c.query<{ terminated: boolean }>("select pg_terminate_backend(pid) as terminated from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [
      database.name,
    ]),
  );
  return { at, what: "PostgreSQL connections dropped", detail: `${rows.filter((r) => r.terminated).length} PostgreSQL connections of the server terminated` };
}

/** Pages for the scrapers, linking to each other, with words the searchers look for. */
function fixturePages(): Record<string, { body: string }> {
  const pages: Record<string, { body: string }> = {};
  for (let i = 0; i < FIXTURE_PAGES; i++) {
    const links = Array.from({ length: FIXTURE_PAGES }, (_, j) => `<a href="/page/${j}">page ${j}</a>`).join(" ");
    pages[`/page/${i}`] = {
      body: `<html><head><title>Bourse fixture ${i}</title></head><body><h1>Soak market notes ${i}</h1><p>Bourse fixture page ${i}: order books, funding and fills.</p>${links}</body></html>`,
    };
  }
  return pages;
}

function countBy(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}
