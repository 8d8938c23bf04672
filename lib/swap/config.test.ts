import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../config";

describe("chain and swap settings", () => {
  it("runs embedded anvil chains by default, and none under test", () => {
    expect(parseConfig({}).chains).toMatchObject({ mode: "embedded", anvilPorts: [8545, 8546], blockTimeSeconds: 0, confirmations: 1 });
    expect(parseConfig({ NODE_ENV: "test" }).chains.mode).toBe("off");
    expect(parseConfig({}).swap).toMatchObject({ provider: "local", maxNotionalUsd: "50000", lifi: { apiUrl: "https://li.quest/v1", integrator: "bourse" } });
  });

  it("uses RPC endpoints when they are given, and wants both", () => {
    const keys = { CHAIN_DEPLOYER_PRIVATE_KEY: `0x${"11".repeat(32)}`, BRIDGE_RELAYER_PRIVATE_KEY: `0x${"22".repeat(32)}` };
    expect(parseConfig({ CHAIN_A_RPC_URL: "http://10.0.0.2:8545", CHAIN_B_RPC_URL: "http://10.0.0.2:8546", ...keys }).chains.mode).toBe("rpc");
    expect(() => parseConfig({ LOCAL_CHAINS: "rpc", CHAIN_A_RPC_URL: "http://10.0.0.2:8545" })).toThrow(/needs both CHAIN_A_RPC_URL and CHAIN_B_RPC_URL/);
  });

  it("parses SWAP_RPC_URLS and refuses malformed values", () => {
    expect(parseConfig({ SWAP_RPC_URLS: "1=https://eth.example.com, 42161=https://arb.example.com/rpc" }).swap.rpcUrls).toEqual({
      1: "https://eth.example.com",
      42161: "https://arb.example.com/rpc",
    });
    expect(() => parseConfig({ SWAP_RPC_URLS: "mainnet" })).toThrow(ConfigError);
    expect(() => parseConfig({ SWAP_MAX_NOTIONAL_USD: "1e6" })).toThrow(/SWAP_MAX_NOTIONAL_USD/);
    expect(() => parseConfig({ BRIDGE_RELAYER_PRIVATE_KEY: "0x1234" })).toThrow(/BRIDGE_RELAYER_PRIVATE_KEY/);
  });
});
