import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthSchema } from "../../ops/health";
import { APP_VERSION } from "../../version";
import { createTestApi, type TestApi } from "../../testing/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

describe("GET /api/web/health", () => {
  it("answers 200 with database, version and uptime", async () => {
    t.clock.advance(90_500);
    const res = await t.request("/api/web/health");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const body = healthSchema.parse(await res.json());
    expect(body.status).toBe("ok");
    expect(body.version).toBe(APP_VERSION);
    expect(body.uptime_seconds).toBe(90);
    expect(body.checks.database.status).toBe("ok");
    expect(body.checks.database.driver).toBe(process.env.BOURSE_TEST_DB === "postgres" ? "postgres" : "pglite");
  });

  it("needs no key", async () => {
    const res = await t.request("/api/web/health", { headers: { authorization: "Bearer nonsense" } });
    expect(res.status).toBe(200);
  });
});

describe("GET /api/web/health with the database gone", () => {
  it("answers 503 degraded, not a crash", async () => {
    const broken = await createTestApi();
    await broken.deps.database.close();
    const res = await broken.request("/api/web/health");
    expect(res.status).toBe(503);
    const body = healthSchema.parse(await res.json());
    expect(body.status).toBe("degraded");
    expect(body.checks.database.status).toBe("error");
    // close() again is harmless for PGlite; the test database itself is still dropped.
    await broken.close().catch(() => {});
  });
});
