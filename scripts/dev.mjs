// `npm run dev`: the same server with Next in development mode (hot reload), server code run by tsx.
import path from "node:path";
import { ensureDependencies, root, run } from "./lib/steps.mjs";

ensureDependencies();
run(path.join(root, "node_modules", ".bin", "tsx"), ["server.ts"], { env: { ...process.env, NODE_ENV: "development", NEXT_TELEMETRY_DISABLED: "1" } });
