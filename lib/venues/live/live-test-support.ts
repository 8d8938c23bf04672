// What the real venues' tests share: waiting on a condition, reading the API, and failing a test
// that left a promise rejection unhandled (one would end a server's process).
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { TestApi } from "../../testing/api";

/** Polls `read` every 20 ms until it gives something (not undefined, null or false), and answers that; throws after `ms`. */
export async function until<T>(what: string, read: () => T | Promise<T>, ms = 8_000): Promise<Exclude<T, undefined | null | false>> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== null && value !== false) return value as Exclude<T, undefined | null | false>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** GET `/api${path}`, expecting 200, its data. */
export async function apiData<T>(t: TestApi, path: string): Promise<T> {
  const res = await t.request(`/api${path}`);
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** Fails each test of the file after which a promise rejection went unhandled. */
export function failOnUnhandledRejections(): void {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => unhandled.push(reason);
  beforeAll(() => {
    process.on("unhandledRejection", record);
  });
  afterAll(() => {
    process.off("unhandledRejection", record);
  });
  afterEach(() => {
    expect(unhandled.splice(0)).toEqual([]);
  });
}
