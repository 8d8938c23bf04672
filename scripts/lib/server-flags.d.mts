/** Node's flags for every process that runs the server (see server-flags.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[];
