import { BaseError, ContractFunctionRevertedError, decodeErrorResult, RawContractError, type Hex } from "viem";
import { bridgeAbi, poolAbi, routerAbi, testTokenAbi, wrappedNativeAbi } from "./abis";

// Every custom error our contracts define, to name a revert whatever contract raised it.
const contractErrors = [...bridgeAbi, ...routerAbi, ...poolAbi, ...testTokenAbi, ...wrappedNativeAbi].filter((i) => i.type === "error");

/** The custom error a contract call reverted with, e.g. "InsufficientOutput". */
export function revertName(err: unknown): string | null {
  if (!(err instanceof BaseError)) return null;
  const reverted = err.walk((e) => e instanceof ContractFunctionRevertedError);
  if (reverted instanceof ContractFunctionRevertedError && reverted.data?.errorName) return reverted.data.errorName;
  // A plain eth_call carries only the raw revert data, on whichever error in the chain holds it.
  const withData = err.walk((e) => hexData(e) !== null);
  const data = withData ? hexData(withData) : null;
  if (!data || data === "0x") return null;
  try {
    return decodeErrorResult({ abi: contractErrors, data }).errorName;
  } catch {
    return null;
  }
}

function hexData(e: unknown): Hex | null {
  const data = e instanceof RawContractError ? e.data : typeof e === "object" && e !== null && "data" in e ? e.data : null;
  return typeof data === "string" && /^0x[0-9a-fA-F]{8,}$/.test(data) ? (data as Hex) : null;
}

export function shortMessage(err: unknown): string {
  if (err instanceof BaseError) return err.shortMessage;
  return err instanceof Error ? err.message : String(err);
}
