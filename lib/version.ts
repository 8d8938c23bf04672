import pkg from "../package.json" with { type: "json" };

/** The deployed version, from package.json. */
export const APP_VERSION: string = pkg.version;
