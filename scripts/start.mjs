// `npm start`: install what is missing, build what is stale, then serve the dashboard and both APIs.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuild, ensureDependencies, root } from "./lib/steps.mjs";

ensureDependencies();
ensureBuild();
process.env.NODE_ENV = "production";
process.env.NEXT_TELEMETRY_DISABLED = "1";
await import(pathToFileURL(path.join(root, "dist", "server.js")).href);
