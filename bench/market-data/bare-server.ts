// The ceiling: node:http writing the bytes in BENCH_BODY_FILE (a book our API served) with nothing in between.
import fs from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { announceReady } from "../../lib/testing/child-process";

const body = fs.readFileSync(process.env.BENCH_BODY_FILE ?? "");
const server = createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
  res.end(body);
});
server.listen(0, "127.0.0.1", () => announceReady((server.address() as AddressInfo).port));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
