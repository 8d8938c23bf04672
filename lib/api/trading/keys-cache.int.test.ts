import { afterAll, beforeAll, expect } from "vitest";
import { createApi } from "../app";
import { type AgentKeyCache, createAgentKeyCache } from "../../auth/agent-keys";
import { createTestApi, itInOneProcess, postJson, type TestApi } from "../../testing/api";
import { createTestOwner } from "../../testing/owners";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

itInOneProcess("a key revoked on another instance is refused there within the cache lifetime (10 s)", async () => {
  // A second instance: same database, its own cache.
  const other = createApi({ ...t.deps, agentKeyCache: createAgentKeyCache(t.deps.clock) });
  const owner = await createTestOwner(t);
  const minted = await (await t.request("/api/agent/keys", postJson({ name: "shared", scopes: ["account:read"] }, await owner.auth()))).json();
  const headers = { authorization: `Bearer ${minted.data.key}` };
  expect((await other.request("/api/agent/positions", { headers })).status).toBe(200);

  await t.request(`/api/agent/keys/${minted.data.id}`, { method: "DELETE", headers: await owner.auth() });
  // The instance that revoked refuses at once.
  expect((await t.request("/api/agent/positions", { headers })).status).toBe(401);
  // The other one still has it cached, at most for the cache lifetime.
  t.clock.advance(10_001);
  expect((await other.request("/api/agent/positions", { headers })).status).toBe(401);
});

itInOneProcess("a lookup that read the key before its revoke committed does not cache it afterwards", async () => {
  const cache = createAgentKeyCache(t.deps.clock);
  const owner = await createTestOwner(t);
  const minted = await (await t.request("/api/agent/keys", postJson({ name: "raced", scopes: ["account:read"] }, await owner.auth()))).json();
  let revokeDuringRead = true;
  // Injected between the lookup's database read and its cache fill: the revoke commits and forgets the key there.
  const interleaved: AgentKeyCache = {
    lookup: (hash, load) =>
      cache.lookup(hash, async () => {
        const row = await load();
        if (revokeDuringRead) {
          revokeDuringRead = false;
          expect((await api.request(`/api/agent/keys/${minted.data.id}`, { method: "DELETE", headers: await owner.auth() })).status).toBe(200);
        }
        return row;
      }),
    forget: (keyId) => cache.forget(keyId),
    forgetAll: () => cache.forgetAll(),
  };
  const api = createApi({ ...t.deps, agentKeyCache: interleaved });
  const headers = { authorization: `Bearer ${minted.data.key}` };
  // The request in flight when the revoke landed was already past its check.
  expect((await api.request("/api/agent/positions", { headers })).status).toBe(200);
  expect(revokeDuringRead).toBe(false);
  // The next one is refused at once, not after the cache lifetime.
  expect((await api.request("/api/agent/positions", { headers })).status).toBe(401);
});
