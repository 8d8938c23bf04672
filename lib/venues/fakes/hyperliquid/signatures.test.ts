import ccxt from "ccxt";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { HYPERLIQUID_DEMO } from "../demo-accounts";
import { type ApproveBuilderFeeAction, readAction } from "./actions";
import { type Packable, packb } from "./msgpack";
import { actionHash, agentSigner, builderApprovalSigner } from "./signatures";

const signer = new ccxt.hyperliquid({ walletAddress: HYPERLIQUID_DEMO.address, privateKey: HYPERLIQUID_DEMO.agentPrivateKey });
const agent = privateKeyToAccount(HYPERLIQUID_DEMO.agentPrivateKey).address;
const NONCE = 1_767_268_800_123;

const order = {
  type: "order",
  orders: [{ a: 2, b: false, p: "148.25", s: "1.5", r: true, t: { limit: { tif: "Alo" } }, c: "0x0123456789abcdef0123456789abcdef" }],
  grouping: "na",
};

/** The action as the server reads it from the JSON body, then the signer it recovers. */
async function recovered(sent: unknown, signature: object, network: "mainnet" | "testnet" = "mainnet", vault?: string) {
  const action = readAction(JSON.parse(JSON.stringify(sent)));
  if (action === undefined) throw new Error("unreadable action");
  return agentSigner(actionHash(action as unknown as Packable, NONCE, vault, undefined), network, signature);
}

describe("Hyperliquid signatures", () => {
  it("encodes actions byte for byte as ccxt does", () => {
    const values: Packable[] = [order, { type: "cancel", cancels: [{ a: 0, o: 5_063_830_287 }] }, { n: -1, m: -200, big: 2 ** 40, s: "x".repeat(40) }];
    for (const value of values) expect(Buffer.from(packb(value)).toString("hex")).toBe(Buffer.from(signer.packb(value)).toString("hex"));
  });

  it("recovers the API wallet from ccxt's phantom-agent signature, on the network it signed for", async () => {
    const signature = signer.signL1Action(order, NONCE);
    expect(await recovered(order, signature, "mainnet")).toBe(agent);
    expect(await recovered(order, signature, "testnet")).not.toBe(agent);
    signer.options.sandboxMode = true;
    expect(await recovered(order, signer.signL1Action(order, NONCE), "testnet")).toBe(agent);
    signer.options.sandboxMode = false;
  });

  it("covers the action, the nonce and the vault: change any and another address comes out", async () => {
    const signature = signer.signL1Action(order, NONCE);
    const changed = { ...order, orders: [{ ...order.orders[0]!, s: "15" }] };
    expect(await recovered(changed, signature)).not.toBe(agent);
    const withBuilder = { ...order, builder: { b: "0x6530512a6c89c7cfcebc3ba7fcd9ada5f30827a6", f: 0 } };
    expect(await recovered(withBuilder, signature)).not.toBe(agent);
    expect(await recovered(order, signature, "mainnet", "0x1234567890123456789012345678901234567890")).not.toBe(agent);
    const vault = "1234567890123456789012345678901234567890";
    expect(await recovered(order, signer.signL1Action(order, NONCE, vault), "mainnet", vault)).toBe(agent);
  });

  it("reads decimals as the server writes them back, and refuses fields of the wrong type", () => {
    const padded = { ...order, orders: [{ ...order.orders[0]!, p: "148.250", s: "1.50" }] };
    expect(readAction(padded)).toEqual(readAction(order));
    expect(readAction({ ...order, orders: [{ ...order.orders[0]!, a: "2" }] })).toBeUndefined();
    expect(readAction({ ...order, grouping: "all" })).toBeUndefined();
  });

  it("recovers who signed a builder-fee approval", async () => {
    const payload = { hyperliquidChain: "Mainnet", maxFeeRate: "0%", builder: "0x6530512A6c89C7cfCEbC3BA7fcD9aDa5f30827a6", nonce: NONCE };
    const action = readAction({ ...payload, signatureChainId: "0x66eee", type: "approveBuilderFee" }) as ApproveBuilderFeeAction;
    expect(await builderApprovalSigner(action, signer.buildApproveBuilderFeeSig(payload))).toBe(agent);
    expect(await builderApprovalSigner({ ...action, maxFeeRate: "0.1%" }, signer.buildApproveBuilderFeeSig(payload))).not.toBe(agent);
  });
});
