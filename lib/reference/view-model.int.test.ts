import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../testing/api";
import { buildReferenceView } from "./view-model";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

// The reference page must read every document the service publishes in full: no dangling $ref,
// no part it cannot show. This catches drift as routes are added.
describe.each([["/api/openapi.json"], ["/api/web/openapi.json"]])("the reference view of %s", (path) => {
  it("reads without warnings", async () => {
    const view = buildReferenceView(await (await t.request(path)).json());
    expect(view.warnings).toEqual([]);
    expect(view.info.title).toMatch(/^Bourse /);
    expect(view.securitySchemes.length).toBeGreaterThan(0);
  });
});
