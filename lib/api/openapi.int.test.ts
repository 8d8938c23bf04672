import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../testing/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

describe.each([
  ["/api/openapi.json", "Bourse Trading API", "0.1.0", "/api"],
  ["/api/web/openapi.json", "Bourse Search API", "1.0.0", "/api/web"],
])("%s", (path, title, version, server) => {
  it("is a valid OpenAPI 3.1.0 document", async () => {
    const res = await t.request(path);
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info).toMatchObject({ title, version });
    expect(doc.servers).toEqual([expect.objectContaining({ url: server })]);
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });
});

it("documents health and the error shapes", async () => {
  const search = await (await t.request("/api/web/openapi.json")).json();
  expect(Object.keys(search.paths)).toContain("/health");
  expect(search.components.schemas).toHaveProperty("SearchError");
  expect(search.components.securitySchemes).toHaveProperty("apiKey");
  const trading = await (await t.request("/api/openapi.json")).json();
  expect(trading.components.schemas).toHaveProperty("ErrorEnvelope");
  expect(Object.keys(trading.components.securitySchemes).sort()).toEqual(["agentKey", "ownerJwt"]);
});
