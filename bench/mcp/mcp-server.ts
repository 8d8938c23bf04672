// The API with the embedded venues and an agent key with the account:read and trade scopes.
import fs from "node:fs";
import { mintAgentKey } from "../../lib/auth/agent-keys";
import { owners } from "../../lib/auth/schema";
import { serveApi } from "../../lib/testing/serve-api";

await serveApi(async (_api, deps) => {
  await deps.database.db.insert(owners).values({ id: "own_bench" });
  const { key } = await mintAgentKey({ db: deps.database.db, clock: deps.clock }, "own_bench", { name: "bench", scopes: ["account:read", "trade"] });
  fs.writeFileSync(process.env.BENCH_KEY_FILE!, key);
});
