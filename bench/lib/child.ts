import { spawn } from "node:child_process";
import path from "node:path";

export interface ChildServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a bench server script (TypeScript, through tsx) in its own process so that it does not
 * share a core with the load generator. The script reports its port with `announceReady`. Its
 * stdout (the server's logs) goes to /dev/null: written, as to a log file, but read by nobody here.
 */
export function startChildServer(script: string, env: Record<string, string> = {}): Promise<ChildServer> {
  const tsx = path.resolve("node_modules", ".bin", "tsx");
  const child = spawn(tsx, [script], { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit", "ipc"] });
  return new Promise((resolve, reject) => {
    child.once("message", (message: unknown) => {
      const port = typeof message === "object" && message !== null && "ready" in message ? Number(message.ready) : NaN;
      if (!Number.isInteger(port)) return reject(new Error(`${script} sent ${JSON.stringify(message)} instead of its port`));
      resolve({
        url: `http://127.0.0.1:${port}`,
        stop: () =>
          new Promise((done) => {
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    });
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
  });
}

/** Called by a bench server once it listens. */
export function announceReady(port: number): void {
  process.send?.({ ready: port });
}
