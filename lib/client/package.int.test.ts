import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { buildClientPackage, CLIENT_PACKAGE_JSON } from "../../packages/client/build";

// @bourse/client as a user gets it: built, packed with npm, installed from the tarball into an empty
// folder without the network, and type-checked there under NodeNext resolution with its dependencies only.
const run = promisify(execFile);
const work = mkdtempSync(path.join(os.tmpdir(), "bourse-client-pack-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const CONSUMER = `import { ApiClientError, createMarketDataClient, createTradingClient, settle, type ParentOrderView, type Result } from "@bourse/client";

const trading = createTradingClient({ baseUrl: "http://localhost:3000/api", token: "bourse_sk_live_x" });
const market = createMarketDataClient({ baseUrl: "http://localhost:3000/api" });

export async function use(): Promise<string> {
  const placed: Result<ParentOrderView> = await settle(trading.placeOrder({ symbol: "BTC-USD", side: "BUY", type: "MARKET", quantity: "0.01" }));
  if (!placed.ok) return placed.error.code + (placed.error.category ?? "");
  const preview = await trading.previewOrder({ symbol: "BTC-USD", side: "SELL", type: "LIMIT", quantity: "0.01", price: "60000" });
  for await (const event of market.follow.book({ symbol: "BTC-USD" })) {
    const bid: string | null = event.data.bestBid;
    if (event.kind === "snapshot") return preview.fillsNow + bid;
  }
  // @ts-expect-error: an order's side is BUY or SELL
  await trading.placeOrder({ symbol: "BTC-USD", side: "HOLD", type: "MARKET", quantity: "1" });
  return placed.value.status + String(new ApiClientError("refused", 403, "RISK_REJECTED", null).retryAfterSeconds);
}
`;

const TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    module: "nodenext",
    moduleResolution: "nodenext",
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    lib: ["ES2023", "DOM"],
    types: [],
  },
  files: ["consumer.ts"],
};

// The package does not touch a database: one run is enough.
describe.skipIf(process.env.BOURSE_TEST_DB === "postgres")("the packed client", () => {
  it("installs from its tarball into an empty folder offline, and its types check", { timeout: 300_000 }, async () => {
    const stage = path.join(work, "stage");
    mkdirSync(stage);
    copyFileSync(CLIENT_PACKAGE_JSON, path.join(stage, "package.json"));
    await buildClientPackage({ outDir: path.join(stage, "dist") });
    const consumer = path.join(work, "consumer");
    mkdirSync(consumer);
    await run("npm", ["pack", "--pack-destination", consumer], { cwd: stage });
    const [tarball] = readdirSync(consumer).filter((f) => f.endsWith(".tgz"));
    expect(tarball).toMatch(/^bourse-client-[\d.]+\.tgz$/);

    // Offline, npm resolves a dependency only from its cache, which holds the registry's metadata only
    // if something fetched it: zod comes as a tarball packed from this project's copy beside the client's.
    const deps = path.join(work, "deps");
    mkdirSync(deps);
    const zodDir = path.dirname(createRequire(import.meta.url).resolve("zod/package.json"));
    await run("npm", ["pack", zodDir, "--pack-destination", deps], { cwd: deps });
    const [zodTarball] = readdirSync(deps).filter((f) => f.endsWith(".tgz"));

    writeFileSync(path.join(consumer, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
    await run("npm", ["install", "--offline", "--no-audit", "--no-fund", path.join(deps, zodTarball!), `./${tarball}`], { cwd: consumer });
    expect(
      readdirSync(path.join(consumer, "node_modules"))
        .filter((d) => !d.startsWith("."))
        .sort(),
    ).toEqual(["@bourse", "zod"]);

    writeFileSync(path.join(consumer, "consumer.ts"), CONSUMER);
    writeFileSync(path.join(consumer, "tsconfig.json"), JSON.stringify(TSCONFIG));
    const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
    const checked = await run(process.execPath, [tsc, "-p", consumer]).then(
      () => "",
      (err: { stdout: string }) => err.stdout,
    );
    expect(checked).toBe("");

    const help = await run(path.join(consumer, "node_modules/.bin/bourse"), ["--help"]);
    expect(help.stdout).toMatch(/^bourse <command>/);
  });
});
