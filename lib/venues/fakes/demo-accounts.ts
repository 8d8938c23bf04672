// The accounts the fakes open when not told otherwise, with credentials that are public test keys (the
// well-known development keys of Anvil and Hardhat): for trying the fakes, never for a real venue.

export const HYPERLIQUID_DEMO = {
  /** The main account (its key is Anvil's account 1, so a test can sign as the account itself). */
  address: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
  accountPrivateKey: "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  /** The API wallet the account approved (Anvil's account 2). */
  agentAddress: "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc",
  agentPrivateKey: "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  collateral: "100000",
} as const;

export const BINANCE_USDM_DEMO = {
  apiKey: `FakeBinanceUsdmDemoApiKey${"0".repeat(39)}`,
  secret: `FakeBinanceUsdmDemoSecret${"0".repeat(39)}`,
  collateral: "100000",
} as const;
