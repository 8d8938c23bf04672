// The real key-protected route, and the same answer from a route without authentication.
import fs from "node:fs";
import { mintAgentKey } from "../../lib/auth/agent-keys";
import { owners } from "../../lib/auth/schema";
import { ok } from "../../lib/api/trading/envelope";
import { serveApi } from "../../lib/testing/serve-api";

await serveApi(async (api, deps) => {
  await deps.database.db.insert(owners).values({ id: "own_bench" });
  const { key } = await mintAgentKey({ db: deps.database.db, clock: deps.clock }, "own_bench", { name: "bench", scopes: ["account:read"] });
  fs.writeFileSync(process.env.BENCH_KEY_FILE!, key);
  api.get("/api/bench/positions-open", (c) => ok(c, []));
});
