import { defineConfig, devices } from "@playwright/test";
import { SERVER_NODE_FLAGS } from "./scripts/lib/server-flags.mjs";

// scripts/test.mjs picks a free port, a fresh data folder and the browser; these defaults serve a manual run.
const port = Number(process.env.BOURSE_E2E_PORT ?? 3210);
const dataDir = process.env.BOURSE_E2E_DATA_DIR ?? ".data-e2e";
const executablePath = process.env.BOURSE_CHROMIUM ?? "/usr/bin/chromium";
const baseURL = `http://localhost:${port}`;
// A site the search console's browser test scrapes, served by the test itself on loopback; the server may fetch only that port there.
process.env.BOURSE_E2E_FIXTURE_PORT ||= String(port + 1);
const fixturePort = Number(process.env.BOURSE_E2E_FIXTURE_PORT);
// The server's two local chains (anvil): the API does not publish their RPC URLs, so the swap test's wallet is told these ports.
process.env.BOURSE_E2E_ANVIL_PORT_A ||= String(port + 2);
process.env.BOURSE_E2E_ANVIL_PORT_B ||= String(port + 3);
const anvilPorts = [Number(process.env.BOURSE_E2E_ANVIL_PORT_A), Number(process.env.BOURSE_E2E_ANVIL_PORT_B)];
// A fake Hyperliquid (lib/venues/fakes) the server trades on beside its simulated venues: the venue-accounts test links its demo account.
process.env.BOURSE_E2E_HYPERLIQUID_PORT ||= String(port + 4);
const hyperliquidUrl = `http://127.0.0.1:${process.env.BOURSE_E2E_HYPERLIQUID_PORT}`;

// `npm test` runs these beside the unit and integration tests: on a 2-core machine then shared, each step may
// take up to twice its time alone. A long flow is marked `test.slow()` (three times the limit), so it scales too.
const shared = process.env.BOURSE_E2E_SHARED_MACHINE === "1";

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: shared ? 60_000 : 30_000,
  expect: { timeout: shared ? 10_000 : 5_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      // Without these Chromium tries Google's hosts at every start, which this offline machine refuses.
      args: ["--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  // In order: the fake venue is up before the server loads its markets.
  webServer: [
    {
      name: "hyperliquid-fake",
      command: "node --import tsx scripts/venue-fake.ts hyperliquid",
      port: Number(process.env.BOURSE_E2E_HYPERLIQUID_PORT),
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { PORT: process.env.BOURSE_E2E_HYPERLIQUID_PORT },
    },
    {
      command: ["node", ...SERVER_NODE_FLAGS, "dist/server.js"].join(" "),
      url: `${baseURL}/api/web/health`,
      reuseExistingServer: false,
      timeout: shared ? 240_000 : 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        PUBLIC_URL: baseURL,
        NEXT_TELEMETRY_DISABLED: "1",
        ANVIL_PORT_A: String(anvilPorts[0]),
        ANVIL_PORT_B: String(anvilPorts[1]),
        WEB_FETCH_ALLOW: `127.0.0.1:${fixturePort}`,
        VENUES: "embedded,hyperliquid",
        VENUE_HYPERLIQUID_URL: hyperliquidUrl,
      },
    },
  ],
});
