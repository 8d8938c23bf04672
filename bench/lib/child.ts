import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

export interface ChildServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a bench server script (TypeScript, through tsx) in its own process so that it does not
 * share a core with the load generator. The script prints `READY <port>` once it listens.
 */
export function startChildServer(script: string, env: Record<string, string> = {}): Promise<ChildServer> {
  const tsx = path.resolve("node_modules", ".bin", "tsx");
  const child: ChildProcess = spawn(tsx, [script], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let seen = "";
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /READY (\d+)/.exec(seen);
      if (!match) return;
      child.stdout?.off("data", onData);
      child.stdout?.resume(); // keep draining whatever the server logs
      resolve({
        url: `http://127.0.0.1:${match[1]}`,
        stop: () =>
          new Promise((done) => {
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    };
    child.stdout?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
  });
}
