import { describe, expect, it } from "vitest";
import { CONTRACT_ABIS, type ContractName } from "./abis";
import { loadContractArtifacts } from "./artifacts";

type Item = Record<string, unknown>;

/** Solc's JSON ABI and viem's parsed one differ only in decoration (internalType, empty names). */
function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (value === null || typeof value !== "object") return value;
  const out: Item = {};
  for (const [k, v] of Object.entries(value as Item).sort(([a], [b]) => a.localeCompare(b))) {
    if (k === "internalType" || (k === "name" && v === "") || (k === "indexed" && v === false) || (k === "anonymous" && v === false)) continue;
    out[k] = normalise(v);
  }
  return out;
}

const sortedByJson = (abi: readonly unknown[]) => abi.map((i) => JSON.stringify(normalise(i))).sort();

describe("contract interfaces", () => {
  it.each(Object.keys(CONTRACT_ABIS) as ContractName[])(
    "%s matches what solc compiles",
    async (name) => {
      const artifacts = await loadContractArtifacts();
      expect(sortedByJson(CONTRACT_ABIS[name])).toEqual(sortedByJson(artifacts.contracts[name].abi));
    },
    60_000,
  );
});
