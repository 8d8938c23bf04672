import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, postJson, type TestApi } from "../testing/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ API_BODY_LIMIT_BYTES: "2048" });
  // A route that fails the way a bug would, to check that nothing internal leaks.
  t.api.get("/api/__test/explode", () => {
    throw new Error('relation "secret_table" does not exist at /srv/lib/db.ts:42');
  });
  t.api.get("/api/web/__test/explode", () => {
    throw new Error("stack with internals");
  });
});
afterAll(() => t.close());

// Every POST route the two contracts name; each must answer malformed JSON in its API's format.
const TRADING_POSTS = [
  "/api/agent/orders",
  "/api/agent/positions/open",
  "/api/agent/positions/close",
  "/api/agent/pair/open",
  "/api/agent/pair/p_1/close",
  "/api/agent/swap/quote",
  "/api/agent/swap/prepare",
  "/api/agent/swap/execute",
  "/api/agent/keys",
];
const SEARCH_POSTS = ["/api/web/v1/search", "/api/web/v1/scrape"];
const MALFORMED = ['{"symbol": "BTC-USD",', "{'single': 'quotes'}", "not json at all", "[1, 2", '{"a":1}}'];

function expectTradingError(body: Record<string, unknown>, code: string) {
  expect(body).toMatchObject({ success: false, data: null, code });
  expect(typeof body.error).toBe("string");
  expect((body.error as string).length).toBeGreaterThan(5);
  expect(body.timestamp).toBe(t.clock.now());
}

function expectSearchError(body: Record<string, unknown>, code: string, requestId: string | null) {
  expect(Object.keys(body).sort()).toEqual(
    ["code", "documentation_url", "error", "message", "request_id", "timestamp", ...("retry_after" in body ? ["retry_after"] : [])].sort(),
  );
  expect(body.code).toBe(code);
  expect(body.message).toBe(body.error);
  expect(body.request_id).toBe(requestId);
  expect(body.timestamp).toBe(new Date(t.clock.now()).toISOString());
  expect(body.documentation_url).toBe(`http://bourse.test/reference/search#error-${code}`);
}

describe("malformed JSON bodies", () => {
  it.each(TRADING_POSTS.flatMap((p) => MALFORMED.map((m) => [p, m] as const)))("POST %s %j → 400 INVALID_JSON envelope", async (path, raw) => {
    const res = await t.request(path, { method: "POST", headers: { "content-type": "application/json" }, body: raw });
    expect(res.status).toBe(400);
    expectTradingError(await res.json(), "INVALID_JSON");
  });

  it.each(SEARCH_POSTS.flatMap((p) => MALFORMED.map((m) => [p, m] as const)))("POST %s %j → 400 INVALID_JSON error body", async (path, raw) => {
    const res = await t.request(path, { method: "POST", headers: { "content-type": "application/json" }, body: raw });
    expect(res.status).toBe(400);
    expectSearchError(await res.json(), "INVALID_JSON", res.headers.get("x-request-id"));
  });
});

describe("other bad requests", () => {
  it("refuses an oversized body with 413 in each format", async () => {
    const big = JSON.stringify({ query: "x".repeat(4000) });
    const trading = await t.request("/api/agent/orders", { method: "POST", headers: { "content-type": "application/json" }, body: big });
    expect(trading.status).toBe(413);
    expectTradingError(await trading.json(), "PAYLOAD_TOO_LARGE");
    const search = await t.request("/api/web/v1/search", { method: "POST", headers: { "content-type": "application/json" }, body: big });
    expect(search.status).toBe(413);
    expectSearchError(await search.json(), "BAD_REQUEST", search.headers.get("x-request-id"));
  });

  it("refuses a chunked body that grows past the limit", async () => {
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode(`"${"y".repeat(500)}",`));
        controller.close();
      },
    });
    const res = await t.request("/api/agent/orders", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: chunks,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it("asks for JSON when the body is sent as a form", async () => {
    const init = { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "symbol=BTC" };
    const trading = await t.request("/api/agent/orders", init);
    expect(trading.status).toBe(415);
    expectTradingError(await trading.json(), "UNSUPPORTED_MEDIA_TYPE");
    const search = await t.request("/api/web/v1/scrape", init);
    expect(search.status).toBe(400);
    expectSearchError(await search.json(), "BAD_REQUEST", search.headers.get("x-request-id"));
  });

  it("answers unknown routes with 404 in each format", async () => {
    const trading = await t.request("/api/no-such-thing");
    expect(trading.status).toBe(404);
    expectTradingError(await trading.json(), "NOT_FOUND");
    const search = await t.request("/api/web/v2/search", postJson({ query: "x" }));
    expect(search.status).toBe(404);
    expectSearchError(await search.json(), "NOT_FOUND", search.headers.get("x-request-id"));
  });

  it("hides internals of unexpected failures behind INTERNAL_ERROR", async () => {
    const trading = await t.request("/api/__test/explode");
    expect(trading.status).toBe(500);
    const tb = await trading.json();
    expectTradingError(tb, "INTERNAL_ERROR");
    expect(JSON.stringify(tb)).not.toMatch(/secret_table|\/srv|db\.ts/);
    const search = await t.request("/api/web/__test/explode");
    expect(search.status).toBe(500);
    const sb = await search.json();
    expectSearchError(sb, "INTERNAL_ERROR", search.headers.get("x-request-id"));
    expect(JSON.stringify(sb)).not.toMatch(/stack|internals/);
  });
});

describe("X-Request-ID", () => {
  const paths = ["/api/web/health", "/api/openapi.json", "/api/web/openapi.json", "/api/missing", "/api/web/missing"];

  it.each(paths)("is generated on %s", async (path) => {
    const res = await t.request(path);
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each(paths)("echoes a well-formed caller id on %s", async (path) => {
    const res = await t.request(path, { headers: { "x-request-id": "client-trace-7" } });
    expect(res.headers.get("x-request-id")).toBe("client-trace-7");
  });

  it("replaces an ill-formed caller id, and error bodies carry the id sent", async () => {
    const res = await t.request("/api/web/v1/search", {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "bad id with spaces" },
      body: "{",
    });
    const id = res.headers.get("x-request-id");
    expect(id).not.toBe("bad id with spaces");
    expect((await res.json()).request_id).toBe(id);
  });
});
