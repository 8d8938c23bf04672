import { defineChain } from "viem";

/** The two local EVM chains of the embedded setup (run by anvil). */
export const localChainA = defineChain({
  id: 31337,
  name: "Bourse Local A",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["http://127.0.0.1:8545"] } },
  testnet: true,
});

export const localChainB = defineChain({
  id: 31338,
  name: "Bourse Local B",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["http://127.0.0.1:8546"] } },
  testnet: true,
});
