// The ceiling: node:http writing the same bytes with nothing in between.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { bookFixture } from "./book-fixture";
import { announceReady } from "../../lib/testing/child-process";

const json = bookFixture().toString();
const length = Buffer.byteLength(json);
const server = createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json", "content-length": length });
  res.end(json);
});
server.listen(0, "127.0.0.1", () => announceReady((server.address() as AddressInfo).port));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
