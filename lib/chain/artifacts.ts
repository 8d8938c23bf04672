import { z } from "zod";
import type { Hex } from "viem";
import { ensureContracts } from "./compile-contracts.mjs";
import type { ContractName } from "./abis";

const hex = z
  .string()
  .regex(/^0x[0-9a-f]*$/i)
  .transform((s) => s as Hex);
const compiled = z.object({ abi: z.array(z.unknown()), bytecode: hex });
const artifactsSchema = z.object({
  digest: z.string(),
  solcVersion: z.string(),
  contracts: z.object({ TestToken: compiled, WrappedNative: compiled, Pool: compiled, Router: compiled, Bridge: compiled }),
});

export type ContractArtifacts = z.infer<typeof artifactsSchema>;
export type CompiledContract = ContractArtifacts["contracts"][ContractName];

let loading: Promise<ContractArtifacts> | undefined;

/**
 * The compiled contracts (dist/contracts.json, written by the build). Compiles them first when the
 * sources changed since, e.g. for tests run straight from a fresh checkout.
 */
export function loadContractArtifacts(root = process.cwd()): Promise<ContractArtifacts> {
  loading ??= ensureContracts(root).then((raw) => artifactsSchema.parse(raw));
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
