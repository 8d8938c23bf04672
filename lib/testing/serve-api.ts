// Serves the real API on loopback in a process of its own, for benchmarks and tests that need real
// processes (a cluster's instances, killed mid-load), through server.ts's dispatcher: PGlite in a
// temporary folder unless DATABASE_URL is set. `prepare` adds routes or data before it listens.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { Hono } from "hono";
import { createApi } from "../api/app";
import type { ApiDeps, AppEnv } from "../api/context";
import { parseConfig } from "../config";
import { createLogger } from "../log";
import { createDispatcher } from "../http/dispatch";
import { bookFastLane } from "../api/trading/book-fast-lane";
import { startServices } from "../server/services";
import { announceReady } from "./child-process";

export interface ServeApiOptions {
  /** A data folder to use and keep (a restarted server opens it again); else a temporary one, removed at SIGTERM. */
  dataDir?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
}

export async function serveApi(prepare: (api: Hono<AppEnv>, deps: ApiDeps) => Promise<void> | void, options: ServeApiOptions = {}): Promise<void> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "bourse-bench-"));
  const config = parseConfig({ ...process.env, NODE_ENV: "production", DATA_DIR: dataDir });
  const services = await startServices({ config, log: createLogger(config.logLevel) });
  const api = createApi(services.deps);
  await prepare(api, services.deps);
  // API paths never reach Next, so the bench needs no dashboard build.
  const server = createServer(
    createDispatcher({ api: getRequestListener(api.fetch), next: (_req, res) => res.writeHead(404).end(), fastLanes: [bookFastLane(services.deps)] }),
  );
  server.listen(options.port ?? 0, "127.0.0.1", () => announceReady((server.address() as AddressInfo).port));
  process.on("SIGTERM", () => {
    server.close();
    void services.stop().finally(() => {
      if (options.dataDir === undefined) fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}
