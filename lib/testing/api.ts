import type { Hono } from "hono";
import { createApi } from "../api/app";
import type { ApiDeps, AppEnv } from "../api/context";
import { manualClock } from "../clock";
import { parseConfig } from "../config";
import { silentLogger } from "../log";
import { startServices } from "../server/services";
import { createTestDatabase } from "./database";

export interface TestApi {
  api: Hono<AppEnv>;
  deps: ApiDeps;
  clock: ReturnType<typeof manualClock>;
  /** Calls the API in-process, as a client would over HTTP. */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** The real API on a fresh, migrated database with a manual clock. */
export async function createTestApi(env: Record<string, string> = {}): Promise<TestApi> {
  const testDb = await createTestDatabase();
  const clock = manualClock();
  const config = parseConfig({ NODE_ENV: "test", PUBLIC_URL: "http://bourse.test", BOURSE_SECRET: "test-secret-0123456789-0123456789-abcdef", ...env });
  const services = await startServices({ config, log: silentLogger, clock, database: testDb.target });
  const api = createApi(services.deps);
  return {
    api,
    deps: services.deps,
    clock,
    request: async (path, init) => api.request(path, init),
    close: async () => {
      await services.stop();
      await testDb.drop();
    },
  };
}

/** A JSON POST in the shape the APIs expect. */
export function postJson(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) };
}
