// The production build (`npm run build`: .next and dist/server.js) served on a free loopback port with a
// fresh data folder, as the browser tests run it: the simulated venues on, the local chains on free ports.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../lib/testing/free-port";
import { SERVER_NODE_FLAGS } from "../../scripts/lib/server-flags.mjs";

export interface ProductionServer {
  url: string;
  stop(): Promise<void>;
}

export function productionBuildExists(): boolean {
  return fs.existsSync("dist/server.js") && fs.existsSync(".next/BUILD_ID");
}

async function waitUntilUp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export async function startProductionServer(): Promise<ProductionServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bourse-bench-page-"));
  const url = `http://localhost:${port}`;
  // Its own process group, so stopping it also stops the chains it runs.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "dist/server.js"], {
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      PUBLIC_URL: url,
      NEXT_TELEMETRY_DISABLED: "1",
      ANVIL_PORT_A: "0",
      ANVIL_PORT_B: "0",
    },
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(`${url}/api/web/health`, 120_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop };
}
