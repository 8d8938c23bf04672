import type { Exchange } from "ccxt";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import type { LiveVenueConfig } from "../../config";
import { HYPERLIQUID_BTC } from "../../testing/ccxt-markets";
import { startHyperliquidFake } from "../fakes";
import { createClient, missingCapabilities, underBase } from "./clients";
import { profileOf } from "./profiles";

const config = (name: string, extra: Partial<LiveVenueConfig> = {}): LiveVenueConfig => ({
  name,
  network: "testnet",
  url: undefined,
  brokerId: undefined,
  builderFee: undefined,
  ...extra,
});

const agentCredentials = () => ({ walletAddress: privateKeyToAccount(generatePrivateKey()).address, privateKey: generatePrivateKey() });

/** Hyperliquid's signed order action as ccxt would post it (createOrdersRequest signs; nothing is sent). */
function hyperliquidOrderAction(exchange: Exchange): Record<string, unknown> {
  exchange.setMarkets([HYPERLIQUID_BTC]);
  const ex = exchange as Exchange & { createOrdersRequest(orders: unknown[]): { action: Record<string, unknown> } };
  return ex.createOrdersRequest([
    { symbol: "BTC/USDC:USDC", type: "limit", side: "buy", amount: 0.001, price: 64250, params: { clientOrderId: `0x${"ab".repeat(16)}` } },
  ]).action;
}

describe("ccxt clients for real venues", () => {
  it("moves every URL of ccxt's table under a base, keeping paths, websockets following the scheme", () => {
    const api = {
      fapiPublic: "https://fapi.binance.com/fapi/v1",
      ws: { future: "wss://fstream.binance.com/ws", "ws-api": { future: "wss://ws-fapi.binance.com/ws-fapi/v1" } },
      public: "https://api.{hostname}",
    };
    expect(underBase(api, "http://127.0.0.1:4100")).toEqual({
      fapiPublic: "http://127.0.0.1:4100/fapi/v1",
      ws: { future: "ws://127.0.0.1:4100/ws", "ws-api": { future: "ws://127.0.0.1:4100/ws-fapi/v1" } },
      public: "http://127.0.0.1:4100",
    });
    expect(underBase({ ws: "wss://api.hyperliquid.xyz/ws" }, "https://proxy.example/hl")).toEqual({ ws: "wss://proxy.example/hl/ws" });
  });

  it("puts each venue on its test network by default: Hyperliquid's sandbox, Binance futures' demo", () => {
    const hl = createClient(config("hyperliquid"), "rest");
    expect(hl.options.sandboxMode).toBe(true);
    expect(hl.urls.api).toMatchObject({ public: "https://api.hyperliquid-testnet.xyz" });
    const bn = createClient(config("binanceusdm"), "stream");
    expect(bn.urls.api).toMatchObject({ fapiPrivate: "https://demo-fapi.binance.com/fapi/v1" });
    expect(createClient(config("binanceusdm", { network: "mainnet" }), "rest").urls.api).toMatchObject({ fapiPrivate: "https://fapi.binance.com/fapi/v1" });
    // REST behind ccxt's limiter; the websockets' client without it (the limiter's path leaves failed sends unhandled).
    expect(createClient(config("binanceusdm"), "rest").enableRateLimit).toBe(true);
    expect(bn.enableRateLimit).toBe(false);
  });

  it("finds both venues with what the adapter needs, and names what another lacks", () => {
    expect(missingCapabilities(createClient(config("hyperliquid"), "stream"))).toEqual([]);
    expect(missingCapabilities(createClient(config("binanceusdm"), "stream"))).toEqual([]);
    expect(missingCapabilities(createClient(config("kraken", { network: "mainnet" }), "rest"))).toEqual(["swap", "setLeverage"]);
  });

  it("keeps Hyperliquid's builder fee and referral off: no approval, no referrer, no builder on orders", async () => {
    const fake = await startHyperliquidFake({ autoStep: false });
    try {
      const hl = createClient(config("hyperliquid", { url: fake.url }), "rest", agentCredentials()) as Exchange & { initializeClient(): Promise<boolean> };
      hl.options.enableUnifiedMargin = false;
      await hl.initializeClient();
      expect(fake.received).toEqual([]);
      expect(hyperliquidOrderAction(hl)).not.toHaveProperty("builder");
    } finally {
      await fake.close();
    }
  });

  it("sets the operator's builder fee and referral code when configured, and refuses them where the venue has none", () => {
    const builder = { address: `0x${"12".repeat(20)}`, bps: "0.5" };
    const hl = createClient(config("hyperliquid", { builderFee: builder, brokerId: "BOURSE" }), "rest", agentCredentials());
    expect(hl.options).toMatchObject({ builder: builder.address, builderFee: true, feeRate: "0.005%", feeInt: 5, ref: "BOURSE", refSet: false });
    hl.options.approvedBuilderFee = true; // as after ccxt's approval
    expect(hyperliquidOrderAction(hl)).toMatchObject({ builder: { b: builder.address, f: 5 } });
    expect(() => createClient(config("binanceusdm", { builderFee: builder }), "rest")).toThrow(/VENUE_BINANCEUSDM_BUILDER: binanceusdm has no builder fees/);
    expect(createClient(config("binanceusdm", { brokerId: "x-ABCDEFGH" }), "rest").options.broker).toMatchObject({ swap: "x-ABCDEFGH", future: "x-ABCDEFGH" });
  });

  it("derives the venue's client order id from ours: the same each time, in the venue's format", () => {
    const ours = "op_4fJ2abcdefghijklm.hyperliquid";
    const cloid = profileOf("hyperliquid").clientOrderId(ours, undefined);
    expect(cloid).toMatch(/^0x[0-9a-f]{32}$/);
    expect(profileOf("hyperliquid").clientOrderId(ours, undefined)).toBe(cloid);
    expect(profileOf("hyperliquid").clientOrderId(`${ours}x`, undefined)).not.toBe(cloid);
    expect(profileOf("binanceusdm").clientOrderId(ours, undefined)).toMatch(/^[0-9a-f]{32}$/);
    const brokered = profileOf("binanceusdm").clientOrderId(ours, "x-ABCDEFGH");
    expect(brokered).toMatch(/^x-ABCDEFGH[0-9a-f]{26}$/);
    expect(profileOf("okx").clientOrderId(ours, undefined)).toMatch(/^[0-9a-f]{32}$/);
  });
});
