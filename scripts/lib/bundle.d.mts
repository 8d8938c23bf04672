import type { BuildOptions } from "esbuild";

/** esbuild's options for the server's bundles (see bundle.mjs). */
export declare const SERVER_BUNDLE: BuildOptions;
