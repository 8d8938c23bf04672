import { mintOwnerToken } from "../auth/owner-tokens";
import { owners } from "../auth/schema";
import { newId } from "../ids";
import type { TestApi } from "./api";

export interface TestOwner {
  id: string;
  /** A fresh owner token for this owner, as the dashboard would mint it. */
  token(): Promise<string>;
  /** Headers carrying a fresh owner token. */
  auth(): Promise<Record<string, string>>;
}

/** A new owner; `id` fixes the owner id (to name it in BOURSE_ADMINS before the owner exists). */
export async function createTestOwner(t: TestApi, email?: string, id = newId("own")): Promise<TestOwner> {
  await t.deps.database.db.insert(owners).values({ id, email: email ?? `${id}@example.test` });
  const token = () => mintOwnerToken({ db: t.deps.database.db, clock: t.deps.clock, config: t.deps.config, secret: t.deps.secret }, id);
  return { id, token, auth: async () => ({ authorization: `Bearer ${await token()}` }) };
}
