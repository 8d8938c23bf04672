// `npm run cluster`: a local deployment of several instances on this machine's PostgreSQL and Redis.
// Installs and builds what is missing or stale, creates the database, starts the instances one after
// the other (the first becomes the venue host), prints where they are, and stops them all on Ctrl-C.
// An instance that dies is reported, not restarted, so failover can be watched.
//
// Settings (environment): DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bourse_cluster),
// REDIS_URL (redis://127.0.0.1:6379), REDIS_PREFIX (bourse-cluster:), CLUSTER_SIZE (3),
// CLUSTER_BASE_PORT (3101), HOST (127.0.0.1). Other variables reach every instance unchanged.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "./lib/server-flags.mjs";
import { ensureBuild, ensureDependencies, log, root } from "./lib/steps.mjs";

const CLUSTER_DIR = path.join(root, ".data", "cluster");
const SECRET_FILE = path.join(CLUSTER_DIR, "secret");
const HEALTH_PATH = "/api/web/health";
// First start migrates the database and back-fills the venues' history: allow for a slow machine.
const START_TIMEOUT_MS = 300_000;
const STOP_TIMEOUT_MS = 20_000;
const FAILOVER_WATCH_MS = 30_000;
const COLORS = [36, 33, 35, 32, 34, 31];

class ClusterError extends Error {}

function settings() {
  const env = process.env;
  const size = Number(env.CLUSTER_SIZE ?? 3);
  const basePort = Number(env.CLUSTER_BASE_PORT ?? 3101);
  if (!Number.isInteger(size) || size < 1 || size > 16) throw new ClusterError("CLUSTER_SIZE must be a whole number from 1 to 16");
  if (!Number.isInteger(basePort) || basePort < 1 || basePort + size - 1 > 65535) throw new ClusterError("CLUSTER_BASE_PORT must be a port number");
  return {
    databaseUrl: env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bourse_cluster",
    redisUrl: env.REDIS_URL ?? "redis://127.0.0.1:6379",
    redisPrefix: env.REDIS_PREFIX ?? "bourse-cluster:",
    host: env.HOST ?? "127.0.0.1",
    size,
    basePort,
  };
}

/** The URL without its password, for messages. */
function shown(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return url;
  }
}

/** Creates the database DATABASE_URL names when it does not exist yet. */
async function ensureDatabase(databaseUrl) {
  const { default: pg } = await import("pg");
  let url;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new ClusterError(`DATABASE_URL is not a URL: ${shown(databaseUrl)}`);
  }
  const name = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (!name) throw new ClusterError(`DATABASE_URL names no database: ${shown(databaseUrl)}`);
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  const client = new pg.Client({ connectionString: maintenance.toString(), connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (err) {
    throw new ClusterError(
      `PostgreSQL cannot be reached at ${url.hostname}:${url.port || 5432} (${err.message}). Start it, or set DATABASE_URL to one that answers.`,
    );
  }
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) {
      try {
        await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
        log(`created database ${name}`);
      } catch (err) {
        if (err.code !== "42P04") throw new ClusterError(`PostgreSQL refused to create database ${name}: ${err.message}`);
      }
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/** Throws a clear error when Redis does not answer a PING. */
async function checkRedis(redisUrl) {
  const { Redis } = await import("ioredis");
  const conn = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 3_000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // The connection's own error (ECONNREFUSED…) says more than the "Connection is closed" connect() throws.
  let cause;
  conn.on("error", (err) => {
    cause ??= err;
  });
  try {
    await conn.connect();
    await conn.ping();
  } catch (err) {
    const reason = (cause ?? err).message;
    throw new ClusterError(`Redis cannot be reached at ${shown(redisUrl)} (${reason}). Start it, or set REDIS_URL to one that answers.`);
  } finally {
    conn.disconnect();
  }
}

/** The deployment's one server secret, generated on first run and kept so restarts open what it sealed. */
function serverSecret() {
  if (process.env.BOURSE_SECRET) return process.env.BOURSE_SECRET;
  fs.mkdirSync(CLUSTER_DIR, { recursive: true });
  if (!fs.existsSync(SECRET_FILE)) {
    fs.writeFileSync(SECRET_FILE, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
    log(`generated the deployment's server secret in ${path.relative(root, SECRET_FILE)}`);
  }
  const secret = fs.readFileSync(SECRET_FILE, "utf8").trim();
  if (secret.length < 32) throw new ClusterError(`${SECRET_FILE} holds fewer than 32 characters; restore it or remove it together with the database`);
  return secret;
}

function checkPortFree(port, host) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (err) => {
      reject(
        new ClusterError(
          err.code === "EADDRINUSE"
            ? `port ${port} is in use (an earlier cluster still running? pgrep -fa dist/server.js); set CLUSTER_BASE_PORT to use others`
            : `cannot listen on ${host}:${port}: ${err.message}`,
        ),
      );
    });
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

const LEVELS = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };

/** A pino JSON line as `LEVEL message {other fields}`; anything else unchanged. */
function readable(line) {
  if (!line.startsWith("{")) return line;
  try {
    const { level, time: _t, pid: _p, hostname: _h, name: _n, msg, ...rest } = JSON.parse(line);
    const extra = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : "";
    return `${LEVELS[level] ?? level} ${msg ?? ""}${extra}`;
  } catch {
    return line;
  }
}

function prefixLines(stream, prefix, out) {
  let pending = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop();
    for (const line of lines) out.write(`${prefix} ${readable(line)}\n`);
  });
  stream.on("end", () => {
    if (pending) out.write(`${prefix} ${readable(pending)}\n`);
  });
}

async function health(url) {
  try {
    const res = await fetch(`${url}${HEALTH_PATH}`, { signal: AbortSignal.timeout(2_000) });
    if (!res.ok) return undefined;
    return await res.json();
  } catch {
    return undefined;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const s = settings();
  ensureDependencies();
  ensureBuild();
  await ensureDatabase(s.databaseUrl);
  await checkRedis(s.redisUrl);
  const secret = serverSecret();
  for (let i = 0; i < s.size; i++) await checkPortFree(s.basePort + i, s.host);

  const instances = [];
  let stopping = false;
  // The instance start-up waits for: its death is reported by the start-up loop.
  let starting;

  const stopAll = async (signal) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping the instances (followers first, then the host)…`);
    const live = instances.filter((x) => x.exitCode === undefined);
    const byRole = [...live.filter((x) => x.role !== "host"), ...live.filter((x) => x.role === "host")];
    for (const x of byRole) await stopOne(x);
    log("all instances stopped");
    process.exit(0);
  };

  const stopOne = (x) =>
    new Promise((resolve) => {
      if (x.exitCode !== undefined) return resolve();
      const timer = setTimeout(() => {
        log(`${x.name} did not stop within ${STOP_TIMEOUT_MS / 1000} s; killing it`);
        x.child.kill("SIGKILL");
      }, STOP_TIMEOUT_MS);
      x.child.once("exit", () => {
        clearTimeout(timer);
        resolve();
      });
      x.child.kill("SIGTERM");
    });

  let firstSignalAt = 0;
  process.on("SIGINT", () => {
    // A second Ctrl-C kills at once; one that arrives with the first (npm passing it on too) does not.
    if (stopping && Date.now() - firstSignalAt > 1_000) {
      for (const x of instances) if (x.exitCode === undefined) x.child.kill("SIGKILL");
      process.exit(130);
    }
    if (!stopping) firstSignalAt = Date.now();
    void stopAll("SIGINT");
  });
  process.on("SIGTERM", () => void stopAll("SIGTERM"));
  // Should this process end any other way, its instances do not outlive it.
  process.on("exit", () => {
    for (const x of instances) if (x.exitCode === undefined) x.child.kill("SIGTERM");
  });

  const watchFailover = async (dead) => {
    const since = Date.now();
    while (!stopping && Date.now() - since < FAILOVER_WATCH_MS) {
      const live = instances.filter((x) => x.exitCode === undefined);
      if (live.length === 0) return;
      for (const x of live) {
        const h = await health(x.url);
        if (h?.instance?.role === "host") {
          x.role = "host";
          log(`${x.name} (pid ${x.child.pid}) is now the host, ${((Date.now() - since) / 1000).toFixed(1)} s after ${dead.name} died`);
          return;
        }
      }
      await sleep(250);
    }
    if (!stopping) log(`no instance reports role host ${FAILOVER_WATCH_MS / 1000} s after ${dead.name} died`);
  };

  const startOne = (n) => {
    const port = s.basePort + n - 1;
    const name = `bourse-${n}`;
    const url = `http://localhost:${port}`;
    const dataDir = path.join(CLUSTER_DIR, String(n));
    fs.mkdirSync(dataDir, { recursive: true });
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, "dist", "server.js")], {
      cwd: root,
      // Its own process group: Ctrl-C reaches this script, which stops the instances in order.
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        PORT: String(port),
        HOST: s.host,
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        DATABASE_URL: s.databaseUrl,
        REDIS_URL: s.redisUrl,
        REDIS_PREFIX: s.redisPrefix,
        BOURSE_SECRET: secret,
        // Each instance would otherwise run chains of its own; the bridge relayer is not elected yet.
        LOCAL_CHAINS: "off",
      },
    });
    const x = { n, name, url, port, child, role: undefined, exitCode: undefined };
    const prefix = `\x1b[${COLORS[(n - 1) % COLORS.length]}m${name.padEnd(9)}|\x1b[0m`;
    prefixLines(child.stdout, prefix, process.stdout);
    prefixLines(child.stderr, prefix, process.stderr);
    child.on("exit", (code, signal) => {
      x.exitCode = code ?? signal;
      if (stopping || x === starting) return;
      const was = x.role === undefined ? "" : ` (was ${x.role})`;
      log(`\x1b[31m${name} (pid ${child.pid}) exited unexpectedly with ${code ?? signal}${was}; not restarting it\x1b[0m`);
      if (starting === undefined && instances.every((y) => y.exitCode !== undefined)) {
        log("every instance has stopped");
        process.exit(1);
      }
      if (x.role === "host") void watchFailover(x);
    });
    instances.push(x);
    return x;
  };

  const waitHealthy = async (x) => {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (x.exitCode !== undefined) throw new ClusterError(`${x.name} exited during start-up (${x.exitCode}); its log is above`);
      const h = await health(x.url);
      if (h !== undefined) {
        x.role = h.instance?.role;
        x.id = h.instance?.id;
        return;
      }
      await sleep(500);
    }
    throw new ClusterError(`${x.name} did not answer ${HEALTH_PATH} within ${START_TIMEOUT_MS / 1000} s`);
  };

  log(`database ${shown(s.databaseUrl)}, Redis ${shown(s.redisUrl)} (prefix ${s.redisPrefix})`);
  try {
    for (let n = 1; n <= s.size; n++) {
      const x = startOne(n);
      starting = x;
      log(`starting ${x.name} on ${x.url} (pid ${x.child.pid})…`);
      await waitHealthy(x);
      log(`${x.name} is up as ${x.role}`);
    }
  } catch (err) {
    if (!stopping) {
      log(`\x1b[31m${err.message}\x1b[0m`);
      stopping = true;
      for (const x of instances) await stopOne(x);
      process.exit(1);
    }
    return;
  }
  starting = undefined;

  // Roles as they are now (the first to start normally hosts).
  for (const x of instances) {
    const h = await health(x.url);
    if (h?.instance?.role) x.role = h.instance.role;
  }
  const rows = [["instance", "url", "role", "pid"], ...instances.map((x) => [x.name, x.url, x.role ?? "?", String(x.child.pid)])];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const table = rows.map((r) => `  ${r.map((cell, c) => cell.padEnd(widths[c])).join("   ")}`.trimEnd()).join("\n");
  const host = instances.find((x) => x.role === "host");
  process.stdout.write(
    `\n${table}\n\n` +
      "  any round-robin load balancer in front of these works; no sticky sessions needed\n" +
      (host === undefined ? "" : `  to watch failover: kill -9 ${host.child.pid} (the host); another instance takes over within a few seconds\n`) +
      "  Ctrl-C stops them all\n\n",
  );
}

main().catch((err) => {
  log(`\x1b[31m${err instanceof ClusterError ? err.message : (err?.stack ?? String(err))}\x1b[0m`);
  process.exit(1);
});
