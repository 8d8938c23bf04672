// Who signed an /exchange request, recovered as Hyperliquid recovers it. L1 actions (orders, cancels,
// leverage) are signed as a "phantom agent": EIP-712 over { source, connectionId } where connectionId is the
// keccak of msgpack(action) ‖ nonce ‖ vault ‖ expiry and source is "a" on mainnet, "b" on testnet. User-signed
// actions (approving a builder fee) are EIP-712 messages of their own under the HyperliquidSignTransaction domain.
import { type Address, type Hex, hexToBytes, isHex, keccak256, recoverTypedDataAddress, serializeSignature, zeroAddress } from "viem";
import type { ApproveBuilderFeeAction } from "./actions";
import { bigEndian, type Packable, packb } from "./msgpack";

export interface WireSignature {
  r: string;
  s: string;
  v: number;
}

export type Network = "mainnet" | "testnet";

export const SOURCE: Record<Network, string> = { mainnet: "a", testnet: "b" };

/** keccak256(msgpack(action) ‖ nonce (8 bytes) ‖ 0x00 | 0x01 ‖ vault ‖ [0x00 ‖ expiresAfter (8 bytes)]). */
export function actionHash(action: Packable, nonce: number, vaultAddress: string | undefined, expiresAfter: number | undefined): Hex {
  const bytes = [...packb(action), ...bigEndian(BigInt(nonce), 8)];
  if (vaultAddress === undefined) bytes.push(0);
  else bytes.push(1, ...hexToBytes(`0x${vaultAddress.replace(/^0x/, "")}`));
  if (expiresAfter !== undefined) bytes.push(0, ...bigEndian(BigInt(expiresAfter), 8));
  return keccak256(Uint8Array.from(bytes));
}

/** The address that signed the phantom agent of `connectionId` for `network`, or undefined when the signature is malformed. */
export async function agentSigner(connectionId: Hex, network: Network, signature: unknown): Promise<Address | undefined> {
  const sig = wireSignature(signature);
  if (sig === undefined) return undefined;
  try {
    return await recoverTypedDataAddress({
      domain: { name: "Exchange", version: "1", chainId: 1337, verifyingContract: zeroAddress },
      types: {
        Agent: [
          { name: "source", type: "string" },
          { name: "connectionId", type: "bytes32" },
        ],
      },
      primaryType: "Agent",
      message: { source: SOURCE[network], connectionId },
      signature: sig,
    });
  } catch {
    return undefined;
  }
}

/** The address that signed an approveBuilderFee message, or undefined. */
export async function builderApprovalSigner(action: ApproveBuilderFeeAction, signature: unknown): Promise<Address | undefined> {
  const sig = wireSignature(signature);
  if (sig === undefined || !isHex(action.signatureChainId) || !isHex(action.builder)) return undefined;
  try {
    return await recoverTypedDataAddress({
      domain: { name: "HyperliquidSignTransaction", version: "1", chainId: Number(action.signatureChainId), verifyingContract: zeroAddress },
      types: {
        "HyperliquidTransaction:ApproveBuilderFee": [
          { name: "hyperliquidChain", type: "string" },
          { name: "maxFeeRate", type: "string" },
          { name: "builder", type: "address" },
          { name: "nonce", type: "uint64" },
        ],
      },
      primaryType: "HyperliquidTransaction:ApproveBuilderFee",
      message: { hyperliquidChain: action.hyperliquidChain, maxFeeRate: action.maxFeeRate, builder: action.builder, nonce: BigInt(action.nonce) },
      signature: sig,
    });
  } catch {
    return undefined;
  }
}

function wireSignature(raw: unknown): Hex | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const { r, s, v } = raw as Partial<WireSignature>;
  if (typeof r !== "string" || typeof s !== "string" || typeof v !== "number" || !isHex(r) || !isHex(s)) return undefined;
  try {
    return serializeSignature({ r: pad32(r), s: pad32(s), v: BigInt(v) });
  } catch {
    return undefined;
  }
}

function pad32(hex: Hex): Hex {
  return `0x${hex.slice(2).padStart(64, "0")}`;
}
