// `node lib/chain/compile-contracts-cli.mjs`: compiles the contracts when stale (scripts/lib/steps.mjs runs it).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureContracts } from "./compile-contracts.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
await ensureContracts(root, (m) => process.stdout.write(`\x1b[36m[bourse]\x1b[0m ${m}\n`));
