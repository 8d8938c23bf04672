import { describe, expect, it } from "vitest";
import { allowList, parseAllowEntry } from "./allowlist";
import { blockedReason, formatIp, parseIp } from "./ip-address";

function reason(text: string): string | undefined {
  const ip = parseIp(text);
  if (!ip) throw new Error(`unparsable ${text}`);
  return blockedReason(ip);
}

describe("blockedReason", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["10.255.255.255", "private"],
    ["172.16.0.0", "private"],
    ["172.31.255.255", "private"],
    ["192.168.0.1", "private"],
    ["100.64.0.0", "carrier-grade NAT"],
    ["100.127.255.255", "carrier-grade NAT"],
    ["169.254.169.254", "link-local"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.251", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["::ffff:127.0.0.1", "IPv4-mapped form of loopback"],
    ["::ffff:0:10.0.0.1", "SIIT form of private"],
    ["64:ff9b::169.254.169.254", "NAT64 form of link-local"],
    ["2002:ac10:0001::", "6to4 form of private"],
    ["fd00::1", "unique local"],
    ["fe80::1%eth0", "link-local"],
    ["ff05::2", "multicast"],
  ])("blocks %s (%s)", (address, expected) => {
    expect(reason(address)).toContain(expected);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "93.184.216.34",
    "100.63.255.255",
    "100.128.0.0",
    "172.15.255.255",
    "172.32.0.0",
    "192.167.255.255",
    "169.253.255.255",
    "223.255.255.255",
    "2606:4700:4700::1111",
    "2a00:1450:4007:80e::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:0808:0808::1",
  ])("lets the public address %s through", (address) => {
    expect(reason(address)).toBeUndefined();
  });

  it("parses and formats IPv6 with an embedded IPv4 tail", () => {
    expect(formatIp(parseIp("::ffff:1.2.3.4")!)).toBe("0:0:0:0:0:ffff:102:304");
    expect(formatIp(parseIp("[2001:db8::1]")!)).toBe("2001:db8:0:0:0:0:0:1");
    expect(parseIp("127.1")).toBeUndefined();
    expect(parseIp("example.com")).toBeUndefined();
  });
});

describe("WEB_FETCH_ALLOW entries", () => {
  it("accepts address:port, [ipv6]:port, an address and a CIDR block, and nothing else", () => {
    for (const ok of ["127.0.0.1:8080", "[::1]:3000", "10.0.0.5", "10.0.0.0/8", "fd00::/8"]) expect(parseAllowEntry(ok)).toBeDefined();
    for (const bad of ["*", "localhost:80", "127.0.0.1:0", "127.0.0.1:70000", "10.0.0.0/33", "[::1]", "all", ""]) expect(parseAllowEntry(bad)).toBeUndefined();
    expect(() => allowList(["nonsense"])).toThrow(/nonsense/);
  });

  it("matches the port when one is given, and the block when a CIDR is given", () => {
    const allow = allowList(["127.0.0.1:8080", "10.20.0.0/16", "[::1]:9000"]);
    expect(allow(parseIp("127.0.0.1")!, 8080)).toBe(true);
    expect(allow(parseIp("127.0.0.1")!, 8081)).toBe(false);
    expect(allow(parseIp("10.20.99.1")!, 1)).toBe(true);
    expect(allow(parseIp("10.21.0.1")!, 1)).toBe(false);
    expect(allow(parseIp("::1")!, 9000)).toBe(true);
    expect(allow(parseIp("::1")!, 8080)).toBe(false);
  });
});
