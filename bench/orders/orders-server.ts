// The API with the embedded venues, an agent key with the trade scope, and the peer route: the same
// market order placed straight on the venue (no parsing, risk gate, routing, owner lock or records).
import fs from "node:fs";
import { mintAgentKey } from "../../lib/auth/agent-keys";
import { owners } from "../../lib/auth/schema";
import { ok } from "../../lib/api/trading/envelope";
import { serveApi } from "../../lib/testing/serve-api";

const KEYS = Number(process.env.BENCH_KEYS ?? 1);

await serveApi(async (api, deps) => {
  // One owner per key (own_bench first), so many keys trade without waiting on each other's owner lock.
  const keys: string[] = [];
  for (let i = 0; i < KEYS; i++) {
    const owner = i === 0 ? "own_bench" : `own_bench_${i}`;
    await deps.database.db.insert(owners).values({ id: owner });
    const { key } = await mintAgentKey({ db: deps.database.db, clock: deps.clock }, owner, { name: "bench", scopes: ["account:read", "trade"] });
    keys.push(key);
  }
  fs.writeFileSync(process.env.BENCH_KEY_FILE!, keys.join("\n"));
  const alder = deps.venues.find((v) => v.name === "alder")!;
  api.post("/api/bench/venue-order", async (c) => {
    const { side } = (await c.req.json()) as { side: "BUY" | "SELL" };
    const mark = alder.ticker("BTC-USD")!.markPrice;
    const placed = await alder.place("own_bench", {
      symbol: "BTC-USD",
      side,
      type: "MARKET",
      size: 10,
      protectionPrice: side === "BUY" ? Math.floor(mark * 1.01) : Math.ceil(mark * 0.99),
    });
    return ok(c, placed.ok ? placed.order.status : placed.code);
  });
});
