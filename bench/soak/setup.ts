// What the soak's server creates on its first start and hands to the load generator.

/** Credits granted to each search key on top of its starting ones: more than a soak can spend. */
export const SOAK_CREDITS = 1_000_000;

export interface AgentCredential {
  ownerId: string;
  keyId: string;
  key: string;
}

export interface SoakSetup {
  traders: AgentCredential[];
  swappers: AgentCredential[];
  searchKeys: { keyId: string; key: string }[];
}

/** The server's memory after a full GC, and its open handles by kind (process.getActiveResourcesInfo). */
export interface Vitals {
  pid: number;
  rssBytes: number;
  heapUsedBytes: number;
  handles: Record<string, number>;
}

export const handleCount = (v: Vitals): number => Object.values(v.handles).reduce((a, b) => a + b, 0);
