import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isIP } from "node:net";
import { ipFamily, isIpOrCidr } from "./ip-syntax";

const EXAMPLES = [
  "1.2.3.4",
  "10.0.0.0/8",
  "0.0.0.0/0",
  "255.255.255.255/32",
  "::1",
  "::",
  "2001:db8::/32",
  "::ffff:1.2.3.4",
  "fe80::1%eth0",
  "1:2:3:4:5:6:7:8",
  "1:2:3:4:5:6:1.2.3.4",
  "1.2.3",
  "01.2.3.4",
  "256.1.1.1",
  "10.0.0.0/33",
  "::1/129",
  "::1/128",
  "1:2:3:4:5:6:7:8:9",
  "1::2::3",
  "host.example",
  "1.2.3.4/",
  "1.2.3.4/8/1",
  "",
  "1.2.3.4/abc",
  "1.2.3.4/0008",
  " 1.2.3.4",
];

describe("ipFamily", () => {
  const addressOf = (entry: string) => entry.split("/")[0] ?? "";

  it.each(EXAMPLES)("agrees with node:net isIP on %j", (entry) => {
    expect(ipFamily(addressOf(entry))).toBe(isIP(addressOf(entry)));
  });

  it("agrees with node:net isIP on generated addresses", () => {
    const v4 = fc.tuple(fc.nat(300), fc.nat(300), fc.nat(300), fc.nat(300)).map((p) => p.join("."));
    const hex = fc.stringMatching(/^[0-9a-fA-F]{1,5}$/);
    const v6 = fc.array(fc.oneof(hex, fc.constant("")), { minLength: 1, maxLength: 10 }).map((p) => p.join(":"));
    const noise = fc.stringMatching(/^[0-9a-f.:%]{0,20}$/);
    fc.assert(
      fc.property(fc.oneof(v4, v6, noise), (a) => ipFamily(a) === isIP(a)),
      { numRuns: 5000 },
    );
  });
});

describe("isIpOrCidr", () => {
  it.each([
    ["10.0.0.0/8", true],
    ["::1/128", true],
    ["10.0.0.0/33", false],
    ["::1/129", false],
    ["1.2.3.4/", false],
    ["1.2.3.4/8/1", false],
    ["1.2.3.4/0008", false],
  ] as const)("%j → %s", (entry, expected) => {
    expect(isIpOrCidr(entry)).toBe(expected);
  });
});
