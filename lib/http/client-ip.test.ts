import { describe, expect, it } from "vitest";
import { addressSubject, clientIpResolver } from "./client-ip";

describe("addressSubject", () => {
  it("counts IPv4 clients by address", () => {
    expect(addressSubject("203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts IPv6 clients by their /64, however the address is written", () => {
    const subject = "2001:db8:1:2:0:0:0:0/64";
    expect(addressSubject("2001:db8:1:2::1")).toBe(subject);
    expect(addressSubject("2001:0db8:0001:0002:ffff:eeee:dddd:cccc")).toBe(subject);
    expect(addressSubject("2001:DB8:1:2:0:0:0:9%eth0")).toBe(subject);
    expect(addressSubject("2001:db8:1:3::1")).not.toBe(subject);
    expect(addressSubject("2001:db8::1")).toBe("2001:db8:0:0:0:0:0:0/64");
    expect(addressSubject("::1")).toBe("0:0:0:0:0:0:0:0/64");
    expect(addressSubject("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0:0:0:0:0/64");
  });
});

describe("clientIpResolver", () => {
  it("believes X-Forwarded-For only from a trusted proxy", () => {
    const resolve = clientIpResolver(["10.0.0.1"]);
    expect(resolve("10.0.0.1", "198.51.100.2")).toBe("198.51.100.2");
    expect(resolve("198.51.100.9", "198.51.100.2")).toBe("198.51.100.9");
  });
});
