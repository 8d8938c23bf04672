import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../testing/api";
import { createTestOwner } from "../testing/owners";
import { deleteOwnerSecret, readOwnerSecret, storeOwnerSecret } from "./owner-secrets";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

it("keeps remote credentials sealed, per owner, replaceable and removable", async () => {
  const ctx = { db: t.deps.database.db, clock: t.deps.clock, secret: t.deps.secret };
  const a = await createTestOwner(t);
  const b = await createTestOwner(t);
  await storeOwnerSecret(ctx, a.id, "remote_owner_token", "eyJhbGciOi.first.token");
  await storeOwnerSecret(ctx, a.id, "remote_owner_token", "eyJhbGciOi.second.token");
  expect(await readOwnerSecret(ctx, a.id, "remote_owner_token")).toBe("eyJhbGciOi.second.token");
  expect(await readOwnerSecret(ctx, b.id, "remote_owner_token")).toBeNull();
  const rows = await t.deps.database.db.execute(sql`select sealed from owner_secrets`);
  expect(JSON.stringify(rows)).not.toContain("second.token");
  await deleteOwnerSecret(ctx, a.id, "remote_owner_token");
  expect(await readOwnerSecret(ctx, a.id, "remote_owner_token")).toBeNull();
});
