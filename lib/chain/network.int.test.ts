import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erc20Abi, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { manualClock } from "../clock";
import { parseConfig } from "../config";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { silentLogger } from "../log";
import { createTestDatabase, type TestDatabase } from "../testing/database";
import { fundToken } from "./deploy";
import { startChainNetwork } from "./network";

// The embedded setup as `npm start` runs it: the server starts anvil itself, keeps its state in the
// data folder, and deploys our contracts on the first start only.
let made: TestDatabase;
let db: DatabaseHandle;
let dataDir: string;
const clock = manualClock();
const config = parseConfig({ NODE_ENV: "test", LOCAL_CHAINS: "embedded", ANVIL_PORT_A: "0", ANVIL_PORT_B: "0" }).chains;

beforeAll(async () => {
  made = await createTestDatabase();
  db = await openDatabase(made.target);
  await migrateDatabase(db);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bourse-chains-"));
});
afterAll(async () => {
  await db?.close();
  await made?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const start = () => startChainNetwork({ config, dataDir, database: db, clock, log: silentLogger });

describe("embedded chains", () => {
  it("start with distinct ids and names, keep their state across restarts, and deploy only once", async () => {
    const holder = privateKeyToAccount(generatePrivateKey()).address;
    const first = await start();
    let stopped = false;
    try {
      expect(first.chains.map((c) => [c.id, c.name])).toEqual([
        [31337, "Bourse Local A"],
        [31338, "Bourse Local B"],
      ]);
      const a = first.byId(31337)!;
      const usdc = a.tokens.find((t) => t.symbol === "USDC")!;
      expect(await a.conn.public.readContract({ address: usdc.address, abi: erc20Abi, functionName: "decimals" })).toBe(6);
      await fundToken(a.conn, a.conn.walletFor(first.deployer), usdc, usdc.address, holder, parseUnits("12.5", 6));
      await first.stop();
      stopped = true;
      expect(fs.existsSync(path.join(dataDir, "chains", "31337.json"))).toBe(true);

      const second = await start();
      try {
        expect(second.setId).toBe(first.setId);
        expect(second.chains.map((c) => c.contracts)).toEqual(first.chains.map((c) => c.contracts));
        const again = second.byId(31337)!;
        expect(await again.conn.public.readContract({ address: usdc.address, abi: erc20Abi, functionName: "balanceOf", args: [holder] })).toBe(
          parseUnits("12.5", 6),
        );
      } finally {
        await second.stop();
      }
    } finally {
      if (!stopped) await first.stop();
    }
  }, 60_000);

  it("deploys afresh when the chains' state is gone", async () => {
    const before = await start();
    const setId = before.setId;
    await before.stop();
    fs.rmSync(path.join(dataDir, "chains"), { recursive: true, force: true });
    const after = await start();
    try {
      expect(after.setId).not.toBe(setId);
      const a = after.byId(31337)!;
      expect(await a.conn.public.getCode({ address: a.contracts.bridge })).toMatch(/^0x[0-9a-f]{10,}/);
    } finally {
      await after.stop();
    }
  }, 60_000);
});
