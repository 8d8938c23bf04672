export declare const DEPLOYABLE: readonly string[];
export declare function contractsDigest(root: string): string;
export declare function artifactsPath(root: string): string;
/** Compiled contracts as solc wrote them; parse before use (lib/chain/artifacts.ts). */
export declare function ensureContracts(root: string, log?: (message: string) => void): Promise<unknown>;
