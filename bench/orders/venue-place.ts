// venue.place measured in-process: the simulated exchange on PGlite through the host's group commit, no HTTP.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { owners as ownerRows } from "../../lib/auth/schema";
import { openDatabase } from "../../lib/db/client";
import { GroupCommit } from "../../lib/db/group-commit";
import { migrateDatabase } from "../../lib/db/migrate";
import { parseAtoms } from "../../lib/engine/accounts/market-units";
import { SimExchange } from "../../lib/venues/sim/exchange";
import { createVenueStore } from "../../lib/venues/sim/store";
import { bourse, replay } from "../engine/engines";
import { generateStream } from "../engine/stream";

/** Market orders per second placed on alder by `owners` concurrent owners for `seconds`, each waiting for its durable commit. */
export async function venuePlaceRate(seconds: number, owners = 100): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bourse-venue-place-"));
  const database = await openDatabase({ kind: "pglite", dataDir: dir });
  try {
    await migrateDatabase(database);
    for (let i = 0; i < owners; i++) await database.db.insert(ownerRows).values({ id: `own_bench_${i}` });
    const writes = new GroupCommit(database.db);
    const exchange = await SimExchange.open({
      seed: 1,
      now: () => Date.now(),
      store: createVenueStore(database.db, writes),
      paperBalance: parseAtoms("100000"),
      simulateLatency: false,
    });
    exchange.start();
    const alder = exchange.venue("alder")!;
    const until = Date.now() + seconds * 1000;
    let placed = 0;
    const trader = async (owner: string) => {
      for (let i = 0; Date.now() < until; i++) {
        const side = i % 2 === 0 ? "BUY" : "SELL";
        const mark = alder.ticker("BTC-USD")!.markPrice;
        const done = await alder.place(owner, {
          symbol: "BTC-USD",
          side,
          type: "MARKET",
          size: 10,
          protectionPrice: side === "BUY" ? Math.floor(mark * 1.01) : Math.ceil(mark * 0.99),
        });
        if (done.ok) placed++;
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: owners }, (_, i) => trader(`own_bench_${i}`)));
    const rate = placed / ((Date.now() - started) / 1000);
    await exchange.stop();
    return rate;
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The order book alone: operations per second of the engine's seeded stream (bench/engine's measurement, shorter). */
export function engineRawRate(ops = 300_000): number {
  const stream = generateStream(ops, 20_260_101);
  replay(bourse(), stream, Math.min(ops, 100_000));
  return ops / (Number(replay(bourse(), stream)) / 1e9);
}
