import { expect, test } from "@playwright/test";

// The production server over real HTTP: what a first user would try with curl.
test.describe("one server for both APIs", () => {
  test("GET /api/web/health answers 200 JSON", async ({ request }) => {
    const res = await request.get("/api/web/health");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/application\/json/);
    expect(res.headers()["x-request-id"]).toBeTruthy();
    const body = await res.json();
    expect(body).toMatchObject({ status: "ok", checks: { database: { status: "ok", driver: "pglite" } } });
  });

  test("GET /api/openapi.json is an OpenAPI 3.1.0 document", async ({ request }) => {
    const res = await request.get("/api/openapi.json");
    expect(res.status()).toBe(200);
    expect((await res.json()).openapi).toBe("3.1.0");
  });

  test("malformed JSON gets the contract's error, never a 5xx", async ({ request }) => {
    // A Buffer is sent byte for byte; a string would be JSON-encoded by Playwright.
    const malformed = Buffer.from("{oops");
    const trading = await request.post("/api/agent/orders", { headers: { "content-type": "application/json" }, data: malformed });
    expect(trading.status()).toBe(400);
    expect(await trading.json()).toMatchObject({ success: false, code: "INVALID_JSON" });
    const search = await request.post("/api/web/v1/search", { headers: { "content-type": "application/json", "x-request-id": "e2e-1" }, data: malformed });
    expect(search.status()).toBe(400);
    expect(search.headers()["x-request-id"]).toBe("e2e-1");
    expect(await search.json()).toMatchObject({ code: "INVALID_JSON", request_id: "e2e-1" });
  });

  test("every response has X-Request-ID, pages and assets included", async ({ request }) => {
    for (const path of ["/", "/reference/trading", "/no-such-page", "/api/no-such-route", "/favicon.ico"]) {
      const res = await request.get(path);
      expect(res.headers()["x-request-id"], path).toBeTruthy();
    }
  });
});
