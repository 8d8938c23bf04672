// Starts the soak's API process, kills it -9 and starts it again on the same port and data.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";

const START_TIMEOUT_MS = 180_000;
const SCRIPT = fileURLToPath(new URL("./server.ts", import.meta.url));

export interface ServerProcess {
  readonly url: string;
  readonly pid: number;
  /** SIGKILL, resolved once the process is gone (so PGlite's folder is free for the next one). */
  kill9(): Promise<void>;
  /** SIGTERM: the server closes its services and flushes the venues' changes. */
  stop(): Promise<void>;
}

/**
 * Runs bench/soak/server.ts under node (not through the tsx launcher, so the pid is the server's own), logs
 * appended to `logFile`. `onCrash` hears of an exit that neither kill9 nor stop caused.
 */
export async function startServer(env: NodeJS.ProcessEnv, logFile: string, onCrash: (how: string) => void): Promise<ServerProcess> {
  const log = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", SCRIPT], { env, stdio: ["ignore", log, log, "ipc"] });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = await readyPort(child);
  let stopping = false;
  child.once("exit", (code, signal) => {
    if (!stopping) onCrash(`pid ${child.pid} exited by itself (${code ?? signal})`);
  });
  const signal = (name: NodeJS.Signals) => async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, kill9: signal("SIGKILL"), stop: signal("SIGTERM") };
}

function readyPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the soak server was not ready within ${START_TIMEOUT_MS / 1000}s`));
    }, START_TIMEOUT_MS);
    child.once("message", (message: unknown) => {
      clearTimeout(timer);
      const port = typeof message === "object" && message !== null && "ready" in message ? Number(message.ready) : NaN;
      if (Number.isInteger(port)) resolve(port);
      else reject(new Error(`the soak server sent ${JSON.stringify(message)} instead of its port`));
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the soak server exited (${code ?? signal}) before it was ready; see its log`));
    });
  });
}
