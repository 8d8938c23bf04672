// The one schema: each area owns its tables and they are gathered here for Drizzle and drizzle-kit.
export * from "../auth/schema";
export * from "../venues/schema";
