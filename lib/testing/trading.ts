// Test support for the execution API: the API with the simulated venues, owners with agent keys, JSON calls.
import { expect } from "vitest";
import { createTestApi, postJson, type TestApi } from "./api";
import { createTestOwner, type TestOwner } from "./owners";

export type Json = Record<string, unknown> & { success: boolean; data: unknown; code?: string; category?: string; error: string | null };
export interface Reply {
  status: number;
  body: Json;
  headers: Headers;
}

export interface Trader extends TestOwner {
  keyId: string;
  key: string;
  /** Calls the API with this owner's agent key. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Reply>;
}

/** The API with the embedded venues on a manual clock, moved a little so books and marks exist. */
export async function createTradingTestApi(env: Record<string, string> = {}): Promise<TestApi> {
  const t = await createTestApi({ VENUES: "embedded", ...env });
  advance(t, 2_000);
  return t;
}

/** Moves the manual clock and the simulated market with it. */
export function advance(t: TestApi, ms: number): void {
  t.clock.advance(ms);
  t.deps.exchange!.advanceTo(t.clock.now());
}

export async function call(
  t: TestApi,
  method: string,
  path: string,
  auth: Record<string, string>,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const init: RequestInit = body === undefined ? { method, headers: { ...auth, ...headers } } : { ...postJson(body, { ...auth, ...headers }), method };
  const res = await t.request(`/api${path}`, init);
  return { status: res.status, body: (await res.json()) as Json, headers: res.headers };
}

/** A new owner with an agent key of these scopes. */
export async function createTrader(t: TestApi, scopes: string[] = ["account:read", "trade"]): Promise<Trader> {
  const owner = await createTestOwner(t);
  const minted = await call(t, "POST", "/agent/keys", await owner.auth(), { name: "test agent", scopes });
  expect(minted.status, JSON.stringify(minted.body)).toBe(200);
  const { id, key } = minted.body.data as { id: string; key: string };
  const auth = { authorization: `Bearer ${key}` };
  return { ...owner, keyId: id, key, call: (method, path, body, headers) => call(t, method, path, auth, body, headers) };
}

/** Asserts an error envelope (never a 5xx) and returns it. */
export function expectError(reply: Reply, status: number, code: string): Json {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expect(reply.body).toMatchObject({ success: false, data: null, code });
  return reply.body;
}
