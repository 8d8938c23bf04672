import { findMarket } from "../venues/catalog";

/** The tokens our contracts provide on every local chain. USDC is the hub: every pool pairs a token with it. */
export interface LocalTokenSpec {
  symbol: string;
  name: string;
  decimals: number;
  /** The wrapped native coin (deposit ETH to get it). */
  wrappedNative: boolean;
  /** Approving a new amount over a non-zero allowance reverts: approve zero first. */
  approvalResetRequired: boolean;
  /** Its price in USD as a decimal string: the simulated market's model price, or 1 for the stable coins. */
  priceUsd: string;
  /** What the faucet gives, in whole tokens. */
  faucetAmount: string;
}

export const HUB_SYMBOL = "USDC";

const marketPrice = (symbol: string): string => {
  const market = findMarket(symbol);
  if (!market) throw new Error(`no simulated market ${symbol}`);
  return String(market.model.startPrice);
};

export const LOCAL_TOKENS: readonly LocalTokenSpec[] = [
  { symbol: "USDC", name: "USD Coin", decimals: 6, wrappedNative: false, approvalResetRequired: false, priceUsd: "1", faucetAmount: "25000" },
  { symbol: "USDT", name: "Tether USD", decimals: 6, wrappedNative: false, approvalResetRequired: true, priceUsd: "1", faucetAmount: "25000" },
  {
    symbol: "WETH",
    name: "Wrapped Ether",
    decimals: 18,
    wrappedNative: true,
    approvalResetRequired: false,
    priceUsd: marketPrice("ETH-USD"),
    faucetAmount: "5",
  },
  {
    symbol: "WBTC",
    name: "Wrapped Bitcoin",
    decimals: 8,
    wrappedNative: false,
    approvalResetRequired: false,
    priceUsd: marketPrice("BTC-USD"),
    faucetAmount: "0.25",
  },
  {
    symbol: "LINK",
    name: "Chainlink",
    decimals: 18,
    wrappedNative: false,
    approvalResetRequired: false,
    priceUsd: marketPrice("LINK-USD"),
    faucetAmount: "1000",
  },
];

/** Each pool holds this much USD on either side when seeded (so $10,000 moves its price about 1%). */
export const POOL_DEPTH_USD = 1_000_000n;
/** The hub-token inventory each bridge starts with, for releases. */
export const BRIDGE_INVENTORY_USD = 5_000_000n;
/** Native coin the faucet sends for gas, in ETH. */
export const FAUCET_GAS_ETH = "1";

export function hubToken(): LocalTokenSpec {
  return LOCAL_TOKENS.find((t) => t.symbol === HUB_SYMBOL)!;
}
