import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../testing/api";
import { createDispatcher } from "./dispatch";

// The API behind the real Node server path (dispatcher → @hono/node-server → Hono), over loopback.
let t: TestApi;
let server: Server;
let base: string;

beforeAll(async () => {
  t = await createTestApi();
  server = createServer(createDispatcher({ api: getRequestListener(t.api.fetch), next: (_req, res) => res.writeHead(204).end() }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

describe("API over HTTP", () => {
  it("stamps exactly one X-Request-ID on successes and errors alike", async () => {
    for (const [path, init] of [
      ["/api/web/health", {}],
      ["/api/missing", {}],
      ["/api/web/v1/search", { method: "POST", headers: { "content-type": "application/json" }, body: "{" }],
    ] as const) {
      const res = await fetch(base + path, init);
      const id = res.headers.get("x-request-id");
      expect(id, path).toMatch(/^[0-9a-f-]{36}$/);
      expect(id).not.toContain(",");
    }
  });

  it("puts the same id in the header and in the search error body", async () => {
    const res = await fetch(`${base}/api/web/v1/scrape`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "over-http-1" },
      body: "nope",
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("x-request-id")).toBe("over-http-1");
    expect((await res.json()).request_id).toBe("over-http-1");
  });

  it("leaves dashboard paths to Next", async () => {
    const res = await fetch(`${base}/keys`);
    expect(res.status).toBe(204);
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });
});
