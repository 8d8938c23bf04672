// The API with the embedded venues, an agent key with the trade scope, and the peer route: the same
// market order placed straight on the venue (no parsing, risk gate, routing, owner lock or records).
import fs from "node:fs";
import { mintAgentKey } from "../../lib/auth/agent-keys";
import { owners } from "../../lib/auth/schema";
import { ok } from "../../lib/api/trading/envelope";
import { serveApi } from "../../lib/testing/serve-api";

await serveApi(async (api, deps) => {
  await deps.database.db.insert(owners).values({ id: "own_bench" });
  const { key } = await mintAgentKey({ db: deps.database.db, clock: deps.clock }, "own_bench", { name: "bench", scopes: ["account:read", "trade"] });
  fs.writeFileSync(process.env.BENCH_KEY_FILE!, key);
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
