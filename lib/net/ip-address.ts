// IP addresses as bytes, and which of them a server-side fetch must never reach.
import { ipFamily } from "./ip-syntax";

export type IpBytes = { readonly family: 4; readonly bytes: Uint8Array } | { readonly family: 6; readonly bytes: Uint8Array };

/** Parses a canonical IPv4 dotted quad or any IPv6 text form (zone id ignored, brackets allowed). */
export function parseIp(text: string): IpBytes | undefined {
  const address = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  const family = ipFamily(address);
  if (family === 4) return { family: 4, bytes: Uint8Array.from(address.split(".").map(Number)) };
  if (family === 6) {
    const bytes = parseIpv6(address.replace(/%.*$/, ""));
    return bytes ? { family: 6, bytes } : undefined;
  }
  return undefined;
}

function parseIpv6(address: string): Uint8Array | undefined {
  let head = address;
  let v4Tail: number[] = [];
  const lastColon = address.lastIndexOf(":");
  if (address.slice(lastColon + 1).includes(".")) {
    v4Tail = address
      .slice(lastColon + 1)
      .split(".")
      .map(Number);
    head = `${address.slice(0, lastColon + 1)}0:0`;
  }
  const halves = head.split("::");
  if (halves.length > 2) return undefined;
  const groups = (s: string) => (s === "" ? [] : s.split(":").map((g) => parseInt(g, 16)));
  const left = groups(halves[0]!);
  const right = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const words = [...left, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...right];
  const bytes = new Uint8Array(16);
  words.forEach((w, i) => {
    bytes[i * 2] = w >> 8;
    bytes[i * 2 + 1] = w & 0xff;
  });
  if (v4Tail.length === 4) bytes.set(v4Tail, 12);
  return bytes;
}

export function formatIp(ip: IpBytes): string {
  if (ip.family === 4) return [...ip.bytes].join(".");
  const words: string[] = [];
  for (let i = 0; i < 16; i += 2) words.push(((ip.bytes[i]! << 8) | ip.bytes[i + 1]!).toString(16));
  return words.join(":");
}

interface Range {
  readonly prefix: number[];
  readonly bits: number;
  readonly reason: string;
}

const V4_BLOCKED: readonly Range[] = [
  { prefix: [0], bits: 8, reason: "unspecified (0.0.0.0/8)" },
  { prefix: [10], bits: 8, reason: "private (10.0.0.0/8)" },
  { prefix: [100, 64], bits: 10, reason: "carrier-grade NAT (100.64.0.0/10)" },
  { prefix: [127], bits: 8, reason: "loopback (127.0.0.0/8)" },
  { prefix: [169, 254], bits: 16, reason: "link-local (169.254.0.0/16, cloud metadata)" },
  { prefix: [172, 16], bits: 12, reason: "private (172.16.0.0/12)" },
  { prefix: [192, 0, 0], bits: 24, reason: "IETF protocol assignments (192.0.0.0/24)" },
  { prefix: [192, 0, 2], bits: 24, reason: "documentation (192.0.2.0/24)" },
  { prefix: [192, 88, 99], bits: 24, reason: "6to4 relay anycast (192.88.99.0/24)" },
  { prefix: [192, 168], bits: 16, reason: "private (192.168.0.0/16)" },
  { prefix: [198, 18], bits: 15, reason: "benchmarking (198.18.0.0/15)" },
  { prefix: [198, 51, 100], bits: 24, reason: "documentation (198.51.100.0/24)" },
  { prefix: [203, 0, 113], bits: 24, reason: "documentation (203.0.113.0/24)" },
  { prefix: [224], bits: 4, reason: "multicast (224.0.0.0/4)" },
  { prefix: [240], bits: 4, reason: "reserved or broadcast (240.0.0.0/4)" },
];

/** Ranges inside global unicast (2000::/3) that are still not the public internet. */
const V6_BLOCKED: readonly Range[] = [
  { prefix: [0x20, 0x01, 0x0d, 0xb8], bits: 32, reason: "documentation (2001:db8::/32)" },
  { prefix: [0x20, 0x01], bits: 23, reason: "IETF protocol assignments, Teredo (2001::/23)" },
  { prefix: [0x3f, 0xff], bits: 20, reason: "documentation (3fff::/20)" },
];

function inRange(bytes: Uint8Array, range: Range): boolean {
  let bits = range.bits;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((range.prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

const ZERO_80 = Array<number>(10).fill(0);

/**
 * Why an address must not be fetched, or undefined for a public address. IPv6 forms that carry an
 * IPv4 address (mapped, SIIT, NAT64, 6to4) are judged by that IPv4 address.
 */
export function blockedReason(ip: IpBytes): string | undefined {
  if (ip.family === 4) return V4_BLOCKED.find((r) => inRange(ip.bytes, r))?.reason;
  const b = ip.bytes;
  const embedded = (offset: number, form: string) => {
    const inner = blockedReason({ family: 4, bytes: b.slice(offset, offset + 4) });
    return inner ? `${form} of ${inner}` : undefined;
  };
  if (startsWith(b, [...ZERO_80, 0xff, 0xff])) return embedded(12, "IPv4-mapped form");
  if (startsWith(b, [0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0])) return embedded(12, "SIIT form");
  if (startsWith(b, [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0])) return embedded(12, "NAT64 form");
  if (startsWith(b, [0, 0x64, 0xff, 0x9b, 0, 1])) return "local-use NAT64 (64:ff9b:1::/48)";
  if (startsWith(b, [0x20, 0x02])) return embedded(2, "6to4 form");
  if (b.every((x) => x === 0)) return "unspecified (::)";
  if (startsWith(b, [...ZERO_80, 0, 0, 0, 0, 0]) && b[15] === 1) return "loopback (::1)";
  if (startsWith(b, [...ZERO_80, 0, 0])) return "IPv4-compatible, deprecated (::/96)";
  if ((b[0]! & 0xfe) === 0xfc) return "unique local (fc00::/7)";
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0x80) return "link-local (fe80::/10)";
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0xc0) return "site-local, deprecated (fec0::/10)";
  if (b[0] === 0xff) return "multicast (ff00::/8)";
  if ((b[0]! & 0xe0) !== 0x20) return "not global unicast (outside 2000::/3)";
  return V6_BLOCKED.find((r) => inRange(b, r))?.reason;
}
