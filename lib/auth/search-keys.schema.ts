import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { owners } from "./schema";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Search API keys: only a hash of the key is stored. Plan and balance live in the key's credit account. */
export const searchKeys = pgTable(
  "search_keys",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => owners.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull(),
    fragment: text("fragment").notNull(),
    createdAt: at("created_at").notNull(),
    revokedAt: at("revoked_at"),
  },
  (t) => [uniqueIndex("search_keys_hash_idx").on(t.keyHash), index("search_keys_owner_idx").on(t.ownerId, t.createdAt)],
);

/**
 * Search keys the dashboard's console may call the API with, sealed with the server secret: the owner
 * chose this when minting (or pasted the key). The console uses them server-side; they never reach the
 * browser. No foreign key to search_keys: the console may be pointed at another deployment's search API.
 */
export const searchConsoleKeys = pgTable("search_console_keys", {
  keyId: text("key_id").primaryKey(),
  ownerId: text("owner_id")
    .notNull()
    .references(() => owners.id, { onDelete: "cascade" }),
  sealed: text("sealed").notNull(),
  addedAt: at("added_at").notNull(),
});
