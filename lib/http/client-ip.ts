import { ipMatcher, normaliseIp } from "./ip-allowlist";

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
