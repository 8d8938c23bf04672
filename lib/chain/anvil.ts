import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Logger } from "../log";

/** One local EVM chain run by anvil as a child process of the server. */
export interface AnvilChain {
  chainId: number;
  rpcUrl: string;
  port: number;
  /** Stops anvil (it writes its state file on the way out) and waits for it to exit. */
  stop(): Promise<void>;
}

export interface AnvilOptions {
  chainId: number;
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** Loaded at start when it exists, written at exit and every `stateIntervalSeconds`. */
  stateFile?: string;
  stateIntervalSeconds?: number;
  /** Seconds between blocks; 0 mines each transaction as it arrives. */
  blockTimeSeconds?: number;
  log?: Logger;
}

const START_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 10_000;
// Dev accounts hold plenty, so the deployer can seed pools and fund faucets for a long time.
const DEV_ACCOUNT_BALANCE_ETH = "1000000";

/** The anvil binary shipped in the platform package of @foundry-rs/anvil (its postinstall only fetches a fallback). */
export function anvilBinary(): string {
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`;
  const require = createRequire(import.meta.url);
  let dir: string;
  try {
    dir = path.dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    throw new Error(`anvil is not installed for ${process.platform}/${process.arch}: ${pkg} is missing (run npm install)`);
  }
  return path.join(dir, "bin", process.platform === "win32" ? "anvil.exe" : "anvil");
}

export async function startAnvil(opts: AnvilOptions): Promise<AnvilChain> {
  const host = opts.host ?? "127.0.0.1";
  const args = ["--host", host, "--port", String(opts.port), "--chain-id", String(opts.chainId), "--balance", DEV_ACCOUNT_BALANCE_ETH];
  if (opts.blockTimeSeconds && opts.blockTimeSeconds > 0) args.push("--block-time", String(opts.blockTimeSeconds));
  if (opts.stateFile) {
    fs.mkdirSync(path.dirname(opts.stateFile), { recursive: true });
    args.push("--state", opts.stateFile);
    if (opts.stateIntervalSeconds) args.push("--state-interval", String(opts.stateIntervalSeconds));
  }
  // In the server's process group, so whatever ends the group (a Ctrl-C, a test runner's kill) ends
  // anvil too; it writes its state on SIGINT and SIGTERM alike.
  const child = spawn(anvilBinary(), args, { stdio: ["ignore", "pipe", "pipe"] });
  const port = await listeningPort(child, opts.chainId);
  let stopping = false;
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  child.once("exit", (code, signal) => {
    if (!stopping) opts.log?.error({ chainId: opts.chainId, code, signal }, "anvil exited unexpectedly");
  });
  opts.log?.info({ chainId: opts.chainId, port, state: opts.stateFile ?? null }, "local chain started");
  return {
    chainId: opts.chainId,
    port,
    rpcUrl: `http://${host}:${port}`,
    stop: async () => {
      if (stopping) return exited;
      stopping = true;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Resolves with the port anvil reports ("Listening on host:port"), or rejects with its output when it fails to start. */
function listeningPort(child: ChildProcess, chainId: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = "";
    const fail = (why: string) => {
      detach();
      child.kill("SIGKILL");
      reject(new Error(`anvil (chain ${chainId}) ${why}:\n${output.slice(-2000)}`));
    };
    const timer = setTimeout(() => fail("did not start in time"), START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on [^\s:]+:(\d+)/.exec(output);
      if (match) {
        detach();
        // Keep draining the pipes so anvil never blocks on a full buffer.
        child.stdout?.resume();
        child.stderr?.resume();
        resolve(Number(match[1]));
      }
    };
    const onStderr = (chunk: Buffer) => {
      output += chunk.toString();
    };
    const onError = (err: Error) => fail(`could not be run: ${err.message}`);
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => fail(`exited during start (${code ?? signal})`);
    const detach = () => {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.stderr?.off("data", onStderr);
      child.off("error", onError);
      child.off("exit", onExit);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onStderr);
    child.once("error", onError);
    child.once("exit", onExit);
  });
}
