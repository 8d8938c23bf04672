import { describe, expect, it } from "vitest";
import { clientIpResolver } from "./client-ip";
import { ipMatcher, isIpOrCidr } from "../net/ip-allowlist";

describe("isIpOrCidr", () => {
  it.each(["1.2.3.4", "10.0.0.0/8", "::1", "2001:db8::/32", "0.0.0.0/0"])("accepts %s", (e) => expect(isIpOrCidr(e)).toBe(true));
  it.each(["1.2.3", "10.0.0.0/33", "::1/129", "host.example", "1.2.3.4/", "1.2.3.4/8/1", "", "1.2.3.4/abc"])("rejects %j", (e) =>
    expect(isIpOrCidr(e)).toBe(false),
  );
});

describe("ipMatcher", () => {
  const allowed = ipMatcher(["203.0.113.7", "10.1.0.0/16", "2001:db8::/32"]);
  it("matches addresses and blocks of both families, mapped IPv4 included", () => {
    expect(allowed("203.0.113.7")).toBe(true);
    expect(allowed("::ffff:203.0.113.7")).toBe(true);
    expect(allowed("10.1.200.3")).toBe(true);
    expect(allowed("2001:db8:1::5")).toBe(true);
  });
  it("refuses everything else", () => {
    for (const ip of ["203.0.113.8", "10.2.0.1", "2001:db9::1", "garbage", ""]) expect(allowed(ip)).toBe(false);
  });
});

describe("clientIpResolver", () => {
  const resolve = clientIpResolver(["127.0.0.1", "10.0.0.0/8"]);
  it("ignores X-Forwarded-For from an untrusted peer", () => {
    expect(resolve("198.51.100.1", "1.1.1.1")).toBe("198.51.100.1");
  });
  it("walks trusted proxies from the right", () => {
    expect(resolve("127.0.0.1", "6.6.6.6, 198.51.100.9, 10.0.0.5")).toBe("198.51.100.9");
    expect(resolve("::ffff:127.0.0.1", "198.51.100.9")).toBe("198.51.100.9");
  });
  it("keeps the peer when there is no header", () => {
    expect(resolve("127.0.0.1", undefined)).toBe("127.0.0.1");
  });
});
