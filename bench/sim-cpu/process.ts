// One measured process for bench/sim-cpu: `sim` runs the embedded exchange on an in-memory database
// following the wall clock, as the server does; `idle` opens the same database and only ticks a timer at
// the simulator's step. Each reports the CPU it used over the window (after start-up) to its parent.
import { openDatabase } from "../../lib/db/client";
import { migrateDatabase } from "../../lib/db/migrate";
import { parseAtoms } from "../../lib/engine/accounts/market-units";
import { SimExchange } from "../../lib/venues/sim/exchange";
import { createVenueStore } from "../../lib/venues/sim/store";

const [mode, secondsArg] = process.argv.slice(2);
const seconds = Number(secondsArg);
const database = await openDatabase({ kind: "pglite" });
await migrateDatabase(database);
if (mode === "sim") {
  const exchange = await SimExchange.open({ seed: 1, now: () => Date.now(), store: createVenueStore(database.db), paperBalance: parseAtoms("100000") });
  exchange.start();
} else {
  setInterval(() => {}, 250);
}
const cpu0 = process.cpuUsage();
const t0 = process.hrtime.bigint();
setTimeout(() => {
  const used = process.cpuUsage(cpu0);
  const wallUs = Number(process.hrtime.bigint() - t0) / 1e3;
  process.send?.({ mode, cpuShare: (used.user + used.system) / wallUs });
  process.exit(0);
}, seconds * 1_000);
