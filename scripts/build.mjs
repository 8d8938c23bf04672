// Production build: the Next.js dashboard, then server.ts bundled for Node (dependencies stay external).
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { SERVER_BUNDLE } from "./lib/bundle.mjs";
import { ensureContracts, root, run, log } from "./lib/steps.mjs";

ensureContracts();

log("next build");
run(process.execPath, [path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"], {
  env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
});

log("bundling server.ts → dist/server.js, and the extraction thread beside it");
const bundle = { ...SERVER_BUNDLE, absWorkingDir: root, sourcemap: "linked" };
await build({ ...bundle, entryPoints: ["server.ts"], outfile: "dist/server.js" });
// extraction-pool.ts starts its threads from this file, beside the bundle that holds the pool.
await build({ ...bundle, entryPoints: ["lib/web/extract/extract-worker.ts"], outfile: "dist/extract-worker.js" });
// The embedded database's thread, beside the bundle that starts it (pglite-thread.ts names it so).
fs.copyFileSync(path.join(root, "lib", "db", "pglite-worker.mjs"), path.join(root, "dist", "pglite-worker.mjs"));
