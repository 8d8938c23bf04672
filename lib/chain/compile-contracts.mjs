// Compiles the Solidity sources in lib/chain/contracts with solc (npm) into dist/contracts.json, only
// when they changed since the last compile. Plain ESM so that scripts/lib/steps.mjs (before the build)
// and the server (when the artifact is missing or stale, e.g. under `vitest`) share one implementation.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const SOURCES_DIR = path.join("lib", "chain", "contracts");
const ARTIFACTS_FILE = path.join("dist", "contracts.json");
/** The contracts the server deploys; the others are interfaces and libraries. */
export const DEPLOYABLE = ["TestToken", "WrappedNative", "Pool", "Router", "Bridge"];

const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: "cancun",
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
};

function readSources(root) {
  const dir = path.join(root, SOURCES_DIR);
  const sources = {};
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".sol"))
    .sort()) {
    sources[file] = { content: fs.readFileSync(path.join(dir, file), "utf8") };
  }
  return sources;
}

/** A digest of the sources and the compiler settings: the artifact is current when it carries the same. */
export function contractsDigest(root) {
  const h = createHash("sha256").update(JSON.stringify(SETTINGS));
  for (const [file, { content }] of Object.entries(readSources(root))) h.update(file).update("\0").update(content).update("\0");
  return h.digest("hex");
}

export function artifactsPath(root) {
  return path.join(root, ARTIFACTS_FILE);
}

function readArtifacts(root) {
  try {
    return JSON.parse(fs.readFileSync(artifactsPath(root), "utf8"));
  } catch {
    return null;
  }
}

/**
 * Returns the compiled contracts ({ digest, solcVersion, contracts: { Name: { abi, bytecode } } }),
 * compiling first when the sources changed. Writes are atomic, so concurrent callers are safe.
 */
export async function ensureContracts(root, log = () => {}) {
  const digest = contractsDigest(root);
  const current = readArtifacts(root);
  if (current && current.digest === digest) return current;
  log("compiling contracts (solc)");
  const { default: solc } = await import("solc");
  const input = { language: "Solidity", sources: readSources(root), settings: SETTINGS };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(`Solidity compilation failed:\n${errors.map((e) => e.formattedMessage).join("\n")}`);
  const contracts = {};
  for (const name of DEPLOYABLE) {
    const compiled = output.contracts[`${name}.sol`]?.[name];
    if (!compiled) throw new Error(`Solidity compilation produced no ${name}`);
    contracts[name] = { abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` };
  }
  const artifacts = { digest, solcVersion: solc.version(), contracts };
  const file = artifactsPath(root);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(artifacts));
  fs.renameSync(tmp, file);
  return artifacts;
}
