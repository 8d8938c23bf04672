// The soak's API process: the real API with the embedded venues on a fixed port and a data folder (or
// DATABASE_URL) that outlive it, so the soak can kill it -9 and start it again. On its first start it
// creates the soak's owners and keys and writes them to SOAK_SETUP_FILE; later starts find that file and
// create nothing. GET /api/bench/vitals reports memory and open handles after a full GC.
import fs from "node:fs";
import { mintAgentKey } from "../../lib/auth/agent-keys";
import { owners } from "../../lib/auth/schema";
import { mintSearchKey } from "../../lib/auth/search-keys";
import { grantCredits } from "../../lib/billing/ledger";
import type { ApiDeps } from "../../lib/api/context";
import { serveApi } from "../../lib/testing/serve-api";
import { SOAK_CREDITS, type SoakSetup, type Vitals } from "./setup";

const setupFile = process.env.SOAK_SETUP_FILE!;
const plan = JSON.parse(process.env.SOAK_PLAN!) as { traders: number; owners: number; searchKeys: number; swappers: number };

async function createSetup(deps: ApiDeps): Promise<SoakSetup> {
  const ctx = { db: deps.database.db, clock: deps.clock };
  const owner = async (id: string) => {
    await deps.database.db.insert(owners).values({ id, email: `${id}@soak.test` });
    return id;
  };
  const tradingOwners = await Promise.all(Array.from({ length: plan.owners }, (_, i) => owner(`own_soak_trader_${i}`)));
  const traders = [];
  for (let i = 0; i < plan.traders; i++) {
    const ownerId = tradingOwners[i % tradingOwners.length]!;
    const { key, record } = await mintAgentKey(ctx, ownerId, { name: `soak trader ${i}`, scopes: ["account:read", "trade"] });
    traders.push({ ownerId, keyId: record.id, key });
  }
  const swappers = [];
  for (let i = 0; i < plan.swappers; i++) {
    const ownerId = await owner(`own_soak_swapper_${i}`);
    const { key, record } = await mintAgentKey(ctx, ownerId, { name: `soak swapper ${i}`, scopes: ["swap"] });
    swappers.push({ ownerId, keyId: record.id, key });
  }
  const searchOwner = await owner("own_soak_searcher");
  const searchKeys = [];
  for (let i = 0; i < plan.searchKeys; i++) {
    const { key, record } = await mintSearchKey(ctx, searchOwner, { name: `soak search ${i}`, plan: "Free" });
    await grantCredits(ctx, record.id, { amount: SOAK_CREDITS, actor: "soak" });
    searchKeys.push({ keyId: record.id, key });
  }
  return { traders, swappers, searchKeys };
}

function vitals(): Vitals {
  globalThis.gc?.();
  globalThis.gc?.();
  const memory = process.memoryUsage();
  const handles: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) handles[kind] = (handles[kind] ?? 0) + 1;
  return { pid: process.pid, rssBytes: memory.rss, heapUsedBytes: memory.heapUsed, handles };
}

await serveApi(
  async (api, deps) => {
    if (!fs.existsSync(setupFile)) {
      const setup = await createSetup(deps);
      // Written whole and then renamed, so a reader never sees half of it.
      fs.writeFileSync(`${setupFile}.tmp`, JSON.stringify(setup));
      fs.renameSync(`${setupFile}.tmp`, setupFile);
    }
    api.get("/api/bench/vitals", (c) => c.json(vitals()));
  },
  { dataDir: process.env.DATA_DIR, port: Number(process.env.PORT) },
);
