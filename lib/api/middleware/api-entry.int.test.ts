import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApi } from "../app";
import { createTestApi, type TestApi } from "../../testing/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

it("logs each request with its id: successes at debug, client errors at info", async () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const api = createApi({ ...t.deps, log: pino({ level: "debug" }, sink) });
  await api.request("/api/web/health", { headers: { "x-request-id": "ok-1" } });
  await api.request("/api/agent/orders", { method: "POST", headers: { "content-type": "application/json", "x-request-id": "bad-1" }, body: "{" });
  await new Promise((r) => setImmediate(r));
  const byId = (id: string) => lines.find((l) => l.reqId === id);
  expect(byId("ok-1")).toMatchObject({ level: 20, method: "GET", path: "/api/web/health", status: 200, msg: "request" });
  expect(byId("bad-1")).toMatchObject({ level: 30, method: "POST", path: "/api/agent/orders", status: 400 });
});
