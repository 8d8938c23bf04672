// WEB_FETCH_ALLOW: the explicit exceptions to the private-address block (test fixtures, an intranet
// the operator means to reach). Entries are `address:port`, `[ipv6]:port`, an address, or a CIDR block.
import { ipFamily, isIpOrCidr } from "./ip-syntax";
import { type IpBytes, parseIp } from "./ip-address";

export interface AllowEntry {
  readonly network: IpBytes;
  readonly bits: number;
  /** Undefined: every port. */
  readonly port?: number;
}

/** Parses one entry; undefined when it is not one of the accepted forms. */
export function parseAllowEntry(entry: string): AllowEntry | undefined {
  const text = entry.trim();
  const bracketed = /^\[([^\]]+)\]:(\d{1,5})$/.exec(text);
  const v4Port = /^(\d{1,3}(?:\.\d{1,3}){3}):(\d{1,5})$/.exec(text);
  const withPort = bracketed ?? v4Port;
  if (withPort) {
    const ip = parseIp(withPort[1]!);
    const port = Number(withPort[2]);
    if (!ip || port < 1 || port > 65535) return undefined;
    return { network: ip, bits: ip.family === 4 ? 32 : 128, port };
  }
  if (!isIpOrCidr(text)) return undefined;
  const [address, bits] = text.split("/") as [string, string | undefined];
  const ip = parseIp(address);
  if (!ip) return undefined;
  return { network: ip, bits: bits === undefined ? (ipFamily(address) === 4 ? 32 : 128) : Number(bits) };
}

export type AllowList = (address: IpBytes, port: number) => boolean;

/** A matcher over the entries; throws naming the first entry it cannot read. */
export function allowList(entries: readonly string[]): AllowList {
  const parsed = entries.map((e) => {
    const p = parseAllowEntry(e);
    if (!p) throw new Error(`not an address:port, address or CIDR block: ${e}`);
    return p;
  });
  return (address, port) => parsed.some((e) => matches(e, address, port));
}

function matches(entry: AllowEntry, address: IpBytes, port: number): boolean {
  if (entry.port !== undefined && entry.port !== port) return false;
  if (entry.network.family !== address.family) return false;
  let bits = entry.bits;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((entry.network.bytes[i]! & mask) !== (address.bytes[i]! & mask)) return false;
  }
  return true;
}
