import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));
const integrationFiles = ["lib/**/*.int.test.ts", "bench/**/*.int.test.ts"];
// Tests of PGlite itself (its single-process lock, its thread) run only in the PGlite project.
const pgliteOnly = ["lib/db/pglite-process.int.test.ts", "lib/db/pglite-thread.int.test.ts"];

// Integration tests run once against a fresh in-memory PGlite and, when TEST_DATABASE_URL is set,
// again against that PostgreSQL server (each file in a database of its own). Their files share each
// worker's modules (isolate: false): importing the app anew cost each file ~4 s, half the suite's time.
export default defineConfig({
  resolve: { alias: { "@": root } },
  test: {
    // Two files at a time whatever the cores (vitest's default is one fewer than the cores: one, on two):
    // integration files spend much of their time waiting on child processes, databases and timers.
    maxWorkers: 2,
    reporters: process.env.VITEST_JSON_REPORT ? ["default", "json"] : ["default"],
    outputFile: process.env.VITEST_JSON_REPORT ? { json: process.env.VITEST_JSON_REPORT } : undefined,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "components/**/*.test.{ts,tsx}", "scripts/**/*.test.{ts,mjs}"],
          exclude: [...integrationFiles, "node_modules/**"],
          // Most unit tests take milliseconds; a few (scrypt, seven days of candles, a page nested past the
          // call stack, a fake venue's streams) take seconds, and on a loaded 2-core machine several times more.
          testTimeout: 20_000,
          // Packages loaded as Node loads them: vitest's interop wraps a CommonJS package (domhandler) in a
          // Proxy that every call of its functions goes through, which made the extraction's walks ~5x slower
          // here than in Node (a page nested 50,000 deep: 12 s, and 2.7 s without it).
          deps: { interopDefault: false },
        },
      },
      {
        extends: true,
        test: {
          name: "integration-pglite",
          include: integrationFiles,
          env: { BOURSE_TEST_DB: "pglite" },
          globalSetup: ["lib/testing/pglite-seed.ts"],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: "integration-postgres",
                include: integrationFiles,
                exclude: pgliteOnly,
                env: { BOURSE_TEST_DB: "postgres" },
                isolate: false,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      // The trading and search contract tests again, against a follower instance of a two-instance
      // deployment on PostgreSQL and Redis: its answers must be the host's.
      ...(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL
        ? [
            {
              extends: true as const,
              test: {
                name: "integration-follower",
                include: ["lib/api/trading/*.int.test.ts", "lib/api/search/*.int.test.ts"],
                env: { BOURSE_TEST_DB: "postgres", BOURSE_TEST_TOPOLOGY: "follower" },
                isolate: false,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
