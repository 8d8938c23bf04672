import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookFastLane } from "../api/trading/book-fast-lane";
import { createTestApi, type TestApi } from "../testing/api";
import { createDispatcher } from "./dispatch";
import { contentSecurityPolicy, securityHeaders } from "./security-headers";

// The server's own stack (dispatcher → fast lane or @hono/node-server → Hono, or Next) over loopback;
// Next is a stand-in that writes a page the way Next does, setting its own headers on top.
let t: TestApi;
let server: Server;
let base: string;

beforeAll(async () => {
  t = await createTestApi({ VENUES: "embedded" });
  const next = (_req: unknown, res: import("node:http").ServerResponse) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end("<!doctype html><title>page</title>");
  };
  server = createServer(
    createDispatcher({ api: getRequestListener(t.api.fetch), next, fastLanes: [bookFastLane(t.deps)], headers: securityHeaders({ development: false }) }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

function expectCommonHeaders(res: Response, what: string) {
  expect(res.headers.get("x-frame-options"), what).toBe("DENY");
  expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(res.headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("content-security-policy"), what).toContain("frame-ancestors 'none'");
}

describe("security headers", () => {
  it.each(["/", "/keys", "/sign-in?next=%2Fswap", "/_next/static/chunks/main.js", "/api/auth/session"])("carries the page policy on %s", async (path) => {
    const res = await fetch(base + path);
    expectCommonHeaders(res, path);
    expect(res.headers.get("content-security-policy")).toBe(contentSecurityPolicy({ development: false }));
  });

  it.each([
    ["/api/web/health", 200],
    ["/api/.well-known/jwks.json", 200],
    ["/api/missing", 404],
    ["/api/agent/keys", 401],
    ["/api/web/v1/search", 401],
  ])("carries the API headers on %s", async (path, status) => {
    const res = await fetch(base + path, path.endsWith("search") ? { method: "POST", headers: { "content-type": "application/json" }, body: "{}" } : {});
    expect(res.status).toBe(status);
    expectCommonHeaders(res, path);
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("carries them on answers of the fast lane, which bypasses the framework", async () => {
    const path = "/api/aggregated/book?symbol=BTC-USD";
    expect((await fetch(base + path)).status).toBe(200);
    // The second time the fast lane answers: the query string is now known.
    const res = await fetch(base + path);
    expect(res.status).toBe(200);
    expectCommonHeaders(res, path);
  });
});

describe("the page policy", () => {
  it("lets the dashboard run (inline hydration scripts, the wallet's local chains) and nothing frame it", () => {
    const policy = contentSecurityPolicy({ development: false });
    expect(policy).toContain("script-src 'self' 'unsafe-inline'");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).toContain("connect-src 'self' http://127.0.0.1:8545 http://127.0.0.1:8546");
    expect(policy).toContain("object-src 'none'");
    expect(contentSecurityPolicy({ development: true })).toContain("'unsafe-eval'");
  });
});
