// `npm start`: install what is missing, build what is stale, then serve the dashboard and both APIs.
import { spawn } from "node:child_process";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "./lib/server-flags.mjs";
import { ensureBuild, ensureDependencies, root } from "./lib/steps.mjs";

ensureDependencies();
ensureBuild();
// The server in a process of its own: its flags (server-flags.mjs) are Node's, set at its start.
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, "dist", "server.js")], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
});
// A signal sent to this process alone (kill <pid>) reaches the server too; it shuts down once either way.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
