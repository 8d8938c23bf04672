import { spawn } from "node:child_process";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../../scripts/lib/server-flags.mjs";

export interface ChildServer {
  url: string;
  pid: number;
  /** Ends the process (SIGTERM: a clean stop) and waits until it is gone. */
  stop(): Promise<void>;
  /** Sends a signal (SIGKILL: a crash; SIGSTOP / SIGCONT: a pause) and returns at once. */
  signal(signal: NodeJS.Signals): void;
  /** Resolves when the process has exited, however. */
  exited: Promise<void>;
}

/**
 * Starts a server script (TypeScript, through tsx) in its own process, so that it does not share a
 * core with the load generator and can be killed. The script reports its port with `announceReady`. Its
 * stdout (the server's logs) goes to /dev/null: written, as to a log file, but read by nobody here.
 */
export function startChildServer(script: string, env: Record<string, string> = {}): Promise<ChildServer> {
  // Node itself with tsx's loader, not the tsx command (a wrapper process): a signal must reach the server.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "--import", "tsx", path.resolve(script)], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  return new Promise((resolve, reject) => {
    child.once("message", (message: unknown) => {
      const port = typeof message === "object" && message !== null && "ready" in message ? Number(message.ready) : NaN;
      if (!Number.isInteger(port)) return reject(new Error(`${script} sent ${JSON.stringify(message)} instead of its port`));
      resolve({
        url: `http://127.0.0.1:${port}`,
        pid: child.pid!,
        exited,
        signal: (signal) => void child.kill(signal),
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
          await exited;
        },
      });
    });
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
  });
}

/** Called by a child server once it listens. */
export function announceReady(port: number): void {
  process.send?.({ ready: port });
}
