import ccxt from "ccxt";
import { describe, expect, it } from "vitest";
import { VenueRefusal } from "../venue";
import { notLinked, refusalOf, rejectionOf, venueReason } from "./errors";

describe("ccxt's exceptions as the venue interface's refusals", () => {
  it("maps each class to its code, with the venue's reason", () => {
    const cases: [Error, string, number | undefined][] = [
      [
        new ccxt.InsufficientFunds(
          'hyperliquid {"status":"ok","response":{"type":"order","data":{"statuses":[{"error":"Insufficient margin to place order. asset=0"}]}}}',
        ),
        "INSUFFICIENT_MARGIN",
        undefined,
      ],
      [
        new ccxt.InvalidOrder('binanceusdm {"code":-4164,"msg":"Order\'s notional must be no smaller than 100 (unless you choose reduce only)."}'),
        "INVALID_ORDER",
        undefined,
      ],
      [
        new ccxt.OrderImmediatelyFillable(
          'binanceusdm {"code":-5022,"msg":"Due to the order could not be executed as maker, the Post Only order will be rejected."}',
        ),
        "INVALID_ORDER",
        undefined,
      ],
      [new ccxt.ExchangeError("hyperliquid Reduce only order would increase position."), "INVALID_ORDER", undefined],
      [new ccxt.BadSymbol("hyperliquid does not have market symbol XYZ/USDC:USDC"), "UNKNOWN_SYMBOL", undefined],
      [new ccxt.RateLimitExceeded('binanceusdm {"code":-1003,"msg":"Too many requests."}'), "RATE_LIMITED", 10],
      [new ccxt.DDoSProtection("binanceusdm 429 Too Many Requests"), "RATE_LIMITED", 10],
      [new ccxt.OnMaintenance("binanceusdm system maintenance"), "VENUE_UNAVAILABLE", 60],
      [new ccxt.ExchangeNotAvailable("hyperliquid 503 Service Unavailable"), "VENUE_UNAVAILABLE", 5],
      [new ccxt.RequestTimeout("hyperliquid POST https://api.hyperliquid.xyz/info request timed out (10000 ms)"), "VENUE_UNAVAILABLE", 5],
      [new ccxt.NetworkError("hyperliquid fetch failed"), "VENUE_UNAVAILABLE", 5],
      [
        new ccxt.AuthenticationError('binanceusdm {"code":-2015,"msg":"Invalid API-key, IP, or permissions for action."}'),
        "ACCOUNT_CREDENTIALS_REJECTED",
        undefined,
      ],
      [new ccxt.PermissionDenied("binanceusdm futures trading not enabled"), "ACCOUNT_CREDENTIALS_REJECTED", undefined],
    ];
    for (const [err, code, retry] of cases) {
      const venue = err.message.split(" ")[0]!;
      const r = rejectionOf(venue, err);
      expect(r, err.message).toMatchObject({ ok: false, code });
      expect(r.retryAfterSeconds, err.message).toBe(retry);
      expect(r.message).toContain(venue);
    }
    expect(rejectionOf("hyperliquid", cases[0]![0]).message).toBe("hyperliquid: Insufficient margin to place order. asset=0");
    expect(rejectionOf("binanceusdm", cases[11]![0]).message).toMatch(/Invalid API-key, IP, or permissions for action\..*link the binanceusdm account again/);
  });

  it("throws what is not ccxt's again: a bug is not a venue's refusal", () => {
    expect(() => rejectionOf("hyperliquid", new TypeError("x is undefined"))).toThrow(TypeError);
  });

  it("makes account reads' refusals and the not-linked answer name the venue", () => {
    const refusal = refusalOf("hyperliquid", new ccxt.RateLimitExceeded("hyperliquid Too many cumulative requests sent"));
    expect(refusal).toBeInstanceOf(VenueRefusal);
    expect(refusal).toMatchObject({ venue: "hyperliquid", code: "RATE_LIMITED", retryAfterSeconds: 10 });
    expect(notLinked("binanceusdm")).toMatchObject({ code: "ACCOUNT_NOT_LINKED", message: expect.stringMatching(/No binanceusdm account is linked/) });
  });

  it("takes the venue's words out of ccxt's messages, and keeps them short", () => {
    expect(venueReason("binanceusdm", new Error('binanceusdm {"code":-2019,"msg":"Margin is insufficient."}'))).toBe("Margin is insufficient.");
    expect(venueReason("hyperliquid", new Error('hyperliquid {"status":"err","response":"User or API Wallet 0xabc does not exist."}'))).toBe(
      "User or API Wallet 0xabc does not exist.",
    );
    expect(venueReason("hyperliquid", new Error("hyperliquid {not json"))).toBe("{not json");
    expect(venueReason("x", new Error(`x ${"a".repeat(500)}`))).toHaveLength(300);
  });
});
