// Our request path for API calls: server.ts's dispatcher → Hono (request id, logging, body guard) → a route.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { createApi } from "../../lib/api/app";
import { parseConfig } from "../../lib/config";
import { createLogger } from "../../lib/log";
import { createDispatcher } from "../../lib/http/dispatch";
import { startServices } from "../../lib/server/services";
import { bookFixture } from "./book-fixture";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bourse-bench-"));
const config = parseConfig({ ...process.env, NODE_ENV: "production", DATA_DIR: dataDir });
const services = await startServices({ config, log: createLogger(config.logLevel) });
const api = createApi(services.deps);
const json = bookFixture().toString();
api.get("/api/bench/book", (c) => c.body(json, 200, { "content-type": "application/json" }));

// API paths never reach Next, so the bench needs no dashboard build.
const server = createServer(
  createDispatcher({
    api: getRequestListener(api.fetch),
    next: (_req, res) => res.writeHead(404).end(),
  }),
);
server.listen(0, "127.0.0.1", () => console.log(`READY ${(server.address() as AddressInfo).port}`));
process.on("SIGTERM", () => {
  server.close();
  void services.stop().finally(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
