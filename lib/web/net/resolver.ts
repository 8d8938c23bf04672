import { lookup } from "node:dns/promises";

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Host name → addresses. The fetcher vets every address itself, so tests can inject any answer. */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** A fixed table, for tests and fixtures: unknown names fail like NXDOMAIN. */
export function staticResolver(table: Readonly<Record<string, string | readonly string[]>>): Resolver {
  return async (hostname) => {
    const entry = table[hostname.toLowerCase()];
    if (entry === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return (typeof entry === "string" ? [entry] : entry).map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
}
