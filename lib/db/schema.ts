// The one schema: each area owns its tables and they are gathered here for Drizzle and drizzle-kit.
export * from "../auth/schema";
export * from "../venues/schema";
export * from "../billing/schema";
export * from "../web/search/schema";
export * from "../chain/schema";
export * from "../swap/schema";
export * from "../trading/schema";
