import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config";

describe("parseConfig", () => {
  it("gives the embedded defaults for an empty environment", () => {
    const c = parseConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toBe(path.resolve(".data"));
    expect(c.tradingApiUrl).toBe("http://localhost:3000/api");
    expect(c.searchApiUrl).toBe("http://localhost:3000/api/web");
    expect(c.publicUrl).toBe("http://localhost:3000");
  });

  it("follows PORT in the default URLs and trims trailing slashes", () => {
    const c = parseConfig({ PORT: "4123", PUBLIC_URL: "https://desk.example.com/" });
    expect(c.tradingApiUrl).toBe("http://localhost:4123/api");
    expect(c.publicUrl).toBe("https://desk.example.com");
  });

  it("treats empty strings as unset", () => {
    expect(parseConfig({ DATABASE_URL: "", PORT: "" }).port).toBe(3000);
  });

  it("names every invalid variable", () => {
    const attempt = () => parseConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*LOG_LEVEL/);
  });

  it("takes administrators by wallet (lower-cased) and owner id, and refuses emails, which prove nothing", () => {
    const wallet = "0x00000000000000000000000000000000000000AA";
    expect(parseConfig({ BOURSE_ADMINS: ` ${wallet}, own_admin ` }).admins).toEqual({ wallets: [wallet.toLowerCase()], ownerIds: ["own_admin"] });
    expect(() => parseConfig({ BOURSE_ADMINS: `admin@example.com,${wallet}` })).toThrow(/BOURSE_ADMINS[\s\S]*wallet address[\s\S]*owner id/);
  });

  it("gives owner tokens for a remote search API that deployment's audience, never ours", () => {
    expect(parseConfig({}).searchApiAudience).toBe("bourse-api");
    expect(parseConfig({ BOURSE_SEARCH_API_URL: "https://search.example/api/web" }).searchApiAudience).toBe("https://search.example");
    expect(parseConfig({ BOURSE_SEARCH_API_URL: "https://search.example/api/web", BOURSE_SEARCH_API_AUDIENCE: "search-api" }).searchApiAudience).toBe(
      "search-api",
    );
    expect(() => parseConfig({ BOURSE_SEARCH_API_URL: "https://search.example/api/web", BOURSE_SEARCH_API_AUDIENCE: "bourse-api" })).toThrow(
      /BOURSE_SEARCH_API_AUDIENCE/,
    );
  });

  it("refuses anvil's well-known keys for chains reached over the network, and takes them for chains on this machine", () => {
    const remote = { LOCAL_CHAINS: "rpc", CHAIN_A_RPC_URL: "https://a.example/rpc", CHAIN_B_RPC_URL: "https://b.example/rpc" };
    expect(() => parseConfig(remote)).toThrow(/CHAIN_DEPLOYER_PRIVATE_KEY, BRIDGE_RELAYER_PRIVATE_KEY: anvil's well-known/);
    const own = { CHAIN_DEPLOYER_PRIVATE_KEY: `0x${"11".repeat(32)}`, BRIDGE_RELAYER_PRIVATE_KEY: `0x${"22".repeat(32)}` };
    expect(parseConfig({ ...remote, ...own }).chains.mode).toBe("rpc");
    expect(() => parseConfig({ ...remote, CHAIN_DEPLOYER_PRIVATE_KEY: own.CHAIN_DEPLOYER_PRIVATE_KEY })).toThrow(/BRIDGE_RELAYER_PRIVATE_KEY: anvil/);
    const local = { LOCAL_CHAINS: "rpc", CHAIN_A_RPC_URL: "http://127.0.0.1:8545", CHAIN_B_RPC_URL: "http://localhost:8546" };
    expect(parseConfig(local).chains.mode).toBe("rpc");
    expect(parseConfig({}).chains.mode).toBe("embedded");
  });
});

describe("parseConfig: venues", () => {
  it("runs the simulated venues by default (none under NODE_ENV=test) and none with VENUES=off", () => {
    expect(parseConfig({}).venues).toMatchObject({ embedded: true, live: [] });
    expect(parseConfig({ NODE_ENV: "test" }).venues).toMatchObject({ embedded: false, live: [] });
    expect(parseConfig({ VENUES: "off" }).venues).toMatchObject({ embedded: false, live: [] });
  });

  it("takes real venues by ccxt id, alone or beside the simulated ones, on testnet unless told otherwise", () => {
    const real = parseConfig({ VENUES: "hyperliquid, binanceusdm" }).venues;
    expect(real.embedded).toBe(false);
    expect(real.live).toEqual([
      { name: "hyperliquid", network: "testnet", url: undefined, brokerId: undefined, builderFee: undefined },
      { name: "binanceusdm", network: "testnet", url: undefined, brokerId: undefined, builderFee: undefined },
    ]);
    const mixed = parseConfig({
      VENUES: "Embedded,hyperliquid",
      VENUE_HYPERLIQUID_NETWORK: "mainnet",
      VENUE_HYPERLIQUID_URL: "http://127.0.0.1:4100/",
      VENUE_BINANCEUSDM_URL: "http://127.0.0.1:4200",
    }).venues;
    expect(mixed.embedded).toBe(true);
    expect(mixed.live).toEqual([{ name: "hyperliquid", network: "mainnet", url: "http://127.0.0.1:4100", brokerId: undefined, builderFee: undefined }]);
  });

  it("takes an operator's broker id and builder fee, the builder's address and fee together", () => {
    const env = { VENUES: "hyperliquid,binanceusdm", VENUE_BINANCEUSDM_BROKER_ID: "abc-123" };
    const builder = { VENUE_HYPERLIQUID_BUILDER: `0x${"ab".repeat(20)}`, VENUE_HYPERLIQUID_BUILDER_FEE_BPS: "0.5" };
    const live = parseConfig({ ...env, ...builder }).venues.live;
    expect(live[0]!.builderFee).toEqual({ address: builder.VENUE_HYPERLIQUID_BUILDER, bps: "0.5" });
    expect(live[1]!.brokerId).toBe("abc-123");
    expect(() => parseConfig({ ...env, VENUE_HYPERLIQUID_BUILDER: builder.VENUE_HYPERLIQUID_BUILDER })).toThrow(
      /BUILDER and VENUE_HYPERLIQUID_BUILDER_FEE_BPS go together/,
    );
    expect(() => parseConfig({ ...env, ...builder, VENUE_HYPERLIQUID_BUILDER_FEE_BPS: "0.25" })).toThrow(
      /VENUE_HYPERLIQUID_BUILDER_FEE_BPS: must be basis points/,
    );
  });

  it("refuses malformed lists and per-venue settings, naming the variable", () => {
    expect(() => parseConfig({ VENUES: "off,hyperliquid" })).toThrow(/VENUES: off stands alone/);
    expect(() => parseConfig({ VENUES: "hyperliquid,hyperliquid" })).toThrow(/VENUES: a venue is named twice/);
    expect(() => parseConfig({ VENUES: "hyper-liquid" })).toThrow(/VENUES: entries must be embedded, off or ccxt exchange ids/);
    expect(() => parseConfig({ VENUES: "hyperliquid", VENUE_HYPERLIQUID_NETWORK: "devnet" })).toThrow(/VENUE_HYPERLIQUID_NETWORK/);
    expect(() => parseConfig({ VENUES: "hyperliquid", VENUE_HYPERLIQUID_URL: "ftp://x" })).toThrow(/VENUE_HYPERLIQUID_URL/);
  });
});
