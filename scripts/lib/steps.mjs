// Start-up and test steps that must run before dependencies exist: Node built-ins only.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

const DEPS_STAMP = path.join(root, "node_modules", ".bourse-deps-stamp");
const BUILD_STAMP = path.join(root, "dist", ".build-stamp");
// Everything the production build reads; tests, docs and benches do not change it.
const BUILD_INPUTS = [
  "app",
  "components",
  "lib",
  "public",
  "server.ts",
  "next.config.ts",
  "tailwind.config.ts",
  "postcss.config.mjs",
  "tsconfig.json",
  "package-lock.json",
];
const NOT_BUILD_INPUT = /(\.test\.tsx?|\.int\.test\.ts)$/;

export function log(message) {
  process.stdout.write(`\x1b[36m[bourse]\x1b[0m ${message}\n`);
}

/** Runs a command with inherited output; throws when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${result.status ?? result.signal}`);
}

/** Same as run, but reports the exit status instead of throwing. */
export function runStatus(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** Same as runStatus, without blocking: resolves with the exit status once the command ends. */
export function spawnStatus(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", ...options });
    child.once("error", reject);
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function sha256(...parts) {
  const h = createHash("sha256");
  for (const p of parts) h.update(p);
  return h.digest("hex");
}

function readOr(file, fallback) {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return fallback;
  }
}

/** Installs dependencies when node_modules is missing or older than package.json and the lock file, then compiles the contracts when stale. */
export function ensureDependencies() {
  installDependencies();
  ensureContracts();
}

function installDependencies() {
  const lock = readOr(path.join(root, "package-lock.json"), "");
  const want = sha256(readOr(path.join(root, "package.json"), ""), lock);
  if (readOr(DEPS_STAMP, "") === want) return;
  const flags = ["--no-audit", "--no-fund"];
  if (lock) {
    log("Installing dependencies (npm ci)…");
    // npm leaves other platforms' optional packages out of the lock file it writes (npm/cli#4828),
    // and `npm ci` on another platform then refuses the lock; `npm install` honours it all the same.
    if (runStatus("npm", ["ci", ...flags]) !== 0) {
      log("npm ci refused the lock file; installing with npm install instead…");
      run("npm", ["install", ...flags]);
    }
  } else {
    log("Installing dependencies (npm install)…");
    run("npm", ["install", ...flags]);
  }
  fs.writeFileSync(DEPS_STAMP, want);
}

/**
 * Compiles the Solidity contracts (lib/chain/contracts → dist/contracts.json) when their sources
 * changed; the server deploys them to the local chains. Part of ensureDependencies, so that start,
 * test and dev all have them before any code runs.
 */
export function ensureContracts() {
  run(process.execPath, [path.join(root, "lib", "chain", "compile-contracts-cli.mjs")]);
}

function* filesUnder(entry) {
  const full = path.join(root, entry);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    yield entry;
    return;
  }
  for (const child of fs.readdirSync(full).sort()) yield* filesUnder(path.join(entry, child));
}

/** A digest of every build input's path and content. */
export function buildInputsDigest() {
  const h = createHash("sha256");
  for (const entry of BUILD_INPUTS) {
    for (const file of filesUnder(entry)) {
      if (NOT_BUILD_INPUT.test(file)) continue;
      h.update(file)
        .update("\0")
        .update(fs.readFileSync(path.join(root, file)))
        .update("\0");
    }
  }
  return h.digest("hex");
}

/** Builds the dashboard and the server when any build input changed since the last build. */
export function ensureBuild() {
  const digest = buildInputsDigest();
  if (readOr(BUILD_STAMP, "") === digest && fs.existsSync(path.join(root, ".next", "BUILD_ID"))) return;
  log("Building (sources changed since the last build)…");
  run(process.execPath, [path.join(root, "scripts", "build.mjs")]);
  fs.writeFileSync(BUILD_STAMP, digest);
}
