import { describe, expect, it } from "vitest";
import type { VenueAccountView } from "../client/trading";
import { credentialsFromForm, venueStatus, venueTitle } from "./venue-accounts-view";

const view = (over: Partial<VenueAccountView> = {}): VenueAccountView => ({
  venue: "hyperliquid",
  network: "testnet",
  linkable: true,
  credentials: [
    { name: "walletAddress", label: "Main account address", secret: false, format: "" },
    { name: "privateKey", label: "API wallet private key", secret: true, format: "" },
  ],
  account: null,
  ...over,
});
const account = {
  identifier: "0xab",
  masked: {},
  checkedAt: "2026-01-01T00:00:00.000Z",
  linkedAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

describe("venue accounts in Settings", () => {
  it("names the venues people know by their names", () => {
    expect([venueTitle("binanceusdm"), venueTitle("hyperliquid"), venueTitle("okx")]).toEqual(["Binance USD-M", "Hyperliquid", "okx"]);
  });

  it("offers link or replace on configured venues, and only removal on one no longer configured", () => {
    expect(venueStatus(view())).toEqual({ label: "Not linked", tone: "secondary", canLink: true });
    expect(venueStatus(view({ account }))).toEqual({ label: "Linked", tone: "success", canLink: true });
    expect(venueStatus(view({ account, linkable: false, network: null }))).toEqual({ label: "Venue no longer configured", tone: "warning", canLink: false });
  });

  it("sends only the venue's fields, trimmed", () => {
    const form = new FormData();
    form.set("walletAddress", " 0xab ");
    form.set("privateKey", "0x11");
    form.set("apiKey", "stray");
    expect(credentialsFromForm(view(), form)).toEqual({ walletAddress: "0xab", privateKey: "0x11" });
  });
});
