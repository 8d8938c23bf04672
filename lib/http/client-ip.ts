import { formatIp, parseIp } from "../net/ip-address";
import { ipMatcher, normaliseIp } from "../net/ip-allowlist";

/**
 * The client's address: the socket's peer, unless that peer is a trusted proxy, in which case the
 * right-most X-Forwarded-For entry that is not itself a trusted proxy. Never the header blindly.
 */
export function clientIpResolver(trustedProxies: readonly string[]) {
  const trusted = ipMatcher(trustedProxies);
  return (peer: string | undefined, forwardedFor: string | undefined): string | undefined => {
    if (!peer) return undefined;
    let ip = normaliseIp(peer);
    if (!forwardedFor || !trusted(ip)) return ip;
    const hops = forwardedFor
      .split(",")
      .map((h) => normaliseIp(h.trim()))
      .filter(Boolean);
    while (hops.length > 0 && trusted(ip)) ip = hops.pop()!;
    return ip;
  };
}

/**
 * Set by the server on every request it hands to the dashboard (Next), overwriting whatever the client
 * sent: the client's address as resolved above, for sign-in throttling.
 */
export const CLIENT_IP_HEADER = "x-bourse-client-ip";

/**
 * Whom a per-address limit counts: an IPv4 address itself, an IPv6 address by its /64 (one
 * subscriber's allocation, in which a client can pick any of 2^64 addresses).
 */
export function addressSubject(ip: string): string {
  const parsed = parseIp(ip);
  if (parsed?.family !== 6) return ip;
  const prefix = new Uint8Array(16);
  prefix.set(parsed.bytes.subarray(0, 8));
  return `${formatIp({ family: 6, bytes: prefix })}/64`;
}
