// `npm run bench [name…]`: runs every benchmark (the soak only when named), or the named ones, each printing our figure beside a peer's.
import { spawnSync } from "node:child_process";
import { SERVER_NODE_FLAGS } from "../scripts/lib/server-flags.mjs";
import { apiBaseline } from "./api-baseline";
import { credits } from "./credits";
import { engine } from "./engine";
import { extract } from "./extract";
import { keys } from "./keys";
import { marketData } from "./market-data";
import { mcp } from "./mcp";
import { orders } from "./orders";
import { page } from "./page";
import { simCpu } from "./sim-cpu";
import { soak } from "./soak";
import { swap } from "./swap";
import { makeBuiltinPrototypesFast } from "../lib/runtime/fast-prototypes";

const BENCHES: Record<string, () => Promise<void>> = {
  "api-baseline": apiBaseline,
  credits,
  engine,
  extract,
  keys,
  "market-data": marketData,
  mcp,
  orders,
  page,
  "sim-cpu": simCpu,
  soak,
  swap,
};

// The benches that time the server's code in this process (engine, extraction, venue.place) run it
// under the server's Node flags, as the servers they start do.
if (!SERVER_NODE_FLAGS.every((flag) => process.execArgv.includes(flag))) {
  const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, ...process.execArgv, ...process.argv.slice(1)], { stdio: "inherit" });
  process.exit(run.status ?? 1);
}

// As the server does once its modules are loaded (the extraction bench runs its code in this process).
makeBuiltinPrototypesFast();

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !(w in BENCHES));
if (unknown.length > 0) {
  console.error(`Unknown bench: ${unknown.join(", ")}. Available: ${Object.keys(BENCHES).join(", ")}`);
  process.exit(2);
}
// The soak runs for minutes and kills its own server: only when named.
const ONLY_WHEN_NAMED = new Set(["soak"]);
for (const name of wanted.length > 0 ? wanted : Object.keys(BENCHES).filter((b) => !ONLY_WHEN_NAMED.has(b))) await BENCHES[name]!();
