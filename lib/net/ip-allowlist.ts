import { BlockList, isIP } from "node:net";

export { isIpOrCidr } from "./ip-syntax";

/** Unwraps IPv4-mapped IPv6 (::ffff:1.2.3.4), as a socket on a dual-stack server reports IPv4 peers. */
export function normaliseIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

/** A matcher for a list of addresses and CIDR blocks (entries must pass isIpOrCidr). */
export function ipMatcher(entries: readonly string[]): (ip: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split("/") as [string, string | undefined];
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (ip) => {
    const address = normaliseIp(ip);
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? "ipv6" : "ipv4");
  };
}
