import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDispatcher } from "../../http/dispatch";
import { createTestApi, type TestApi } from "../../testing/api";
import { bookFastLane } from "./book-fast-lane";

// The book's fast lane behind the real node server, beside the API it stands in for.
let t: TestApi;
let server: Server;
let base: string;
let throughApi = 0;

beforeAll(async () => {
  t = await createTestApi({ VENUES: "embedded" });
  const api = getRequestListener(t.api.fetch);
  server = createServer(
    createDispatcher({
      api: (req, res) => {
        throughApi++;
        return api(req, res);
      },
      next: (_req, res) => res.writeHead(204).end(),
      fastLanes: [bookFastLane(t.deps)],
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const before = throughApi;
  const res = await fetch(base + path, { headers });
  return { res, body: await res.text(), viaApi: throughApi > before };
}

describe("GET /aggregated/book's fast lane", () => {
  it("answers a query the route has accepted with the route's very bytes and headers", async () => {
    const first = await get("/api/aggregated/book?symbol=BTC-USD&depth=20");
    const again = await get("/api/aggregated/book?symbol=BTC-USD&depth=20", { "x-request-id": "poller-7" });
    expect(first.viaApi).toBe(true);
    expect(again.viaApi).toBe(false);
    expect(again.res.status).toBe(200);
    expect(again.body).toBe(first.body); // the manual clock has not moved: same millisecond, same answer
    expect(again.res.headers.get("content-type")).toBe(first.res.headers.get("content-type"));
    expect(again.res.headers.get("x-request-id")).toBe("poller-7");
    expect(first.res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("follows the market: a new millisecond gets a new answer", async () => {
    const before = await get("/api/aggregated/book?symbol=ETH-USD");
    t.clock.advance(250);
    t.deps.exchange!.advanceTo(t.clock.now());
    const after = await get("/api/aggregated/book?symbol=ETH-USD");
    expect(after.viaApi).toBe(false);
    expect(JSON.parse(after.body).timestamp).toBe(JSON.parse(before.body).timestamp + 250);
  });

  it("leaves errors, new queries and other paths to the API", async () => {
    for (let i = 0; i < 2; i++) {
      const unknown = await get("/api/aggregated/book?symbol=NOPE-USD");
      expect(unknown.viaApi).toBe(true);
      expect(unknown.res.status).toBe(404);
      expect(JSON.parse(unknown.body)).toMatchObject({ success: false, code: "NOT_FOUND" });
      const bad = await get("/api/aggregated/book?symbol=BTC-USD&depth=0");
      expect(bad.viaApi).toBe(true);
      expect(bad.res.status).toBe(400);
    }
    expect((await get("/api/aggregated/book/?symbol=BTC-USD")).viaApi).toBe(true);
    expect((await get("/api/token-pairs")).viaApi).toBe(true);
  });
});
