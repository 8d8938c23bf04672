import { describe, expect, it } from "vitest";
import { parseConfig } from "../../config";
import { linkableVenues } from "./linkable";

describe("linkableVenues", () => {
  it("is empty while no real venue is configured", () => {
    expect(linkableVenues(parseConfig({ NODE_ENV: "test" }))).toEqual([]);
    expect(linkableVenues(parseConfig({ NODE_ENV: "test", VENUES: "embedded" }))).toEqual([]);
  });

  it("lists the real venues VENUES names, with their networks, in order", () => {
    const config = parseConfig({
      NODE_ENV: "test",
      VENUES: "embedded,hyperliquid,binanceusdm",
      VENUE_HYPERLIQUID_URL: "http://127.0.0.1:9000",
      VENUE_BINANCEUSDM_NETWORK: "mainnet",
    });
    expect(linkableVenues(config)).toEqual([
      { name: "hyperliquid", network: "testnet" },
      { name: "binanceusdm", network: "mainnet" },
    ]);
  });
});
