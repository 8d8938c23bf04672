// A Redis server of a test's own (redis-server from PATH, on a free loopback port, keeping nothing on
// disk): one the test may kill and start again, as a Redis restart, without touching the shared one.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import net from "node:net";
import { freePort } from "./free-port";

export interface PrivateRedis {
  url: string;
  /** Ends the server at once (SIGKILL): everything it held is gone. */
  kill(): Promise<void>;
  /** Starts it again, empty, on the same port. */
  start(): Promise<void>;
}

/** Whether redis-server can be run here. */
export function hasRedisServer(): boolean {
  return spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let server: ChildProcess | undefined;
  const start = async () => {
    server = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    await untilListening(port);
  };
  const kill = async () => {
    const running = server;
    server = undefined;
    if (running === undefined || running.exitCode !== null) return;
    const gone = new Promise((r) => running.once("exit", r));
    running.kill("SIGKILL");
    await gone;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, kill, start };
}

async function untilListening(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server did not listen on port ${port}`);
}
