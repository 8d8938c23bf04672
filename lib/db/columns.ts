import { bigint, text } from "drizzle-orm/pg-core";
import { owners } from "../auth/schema";

// Column kinds the areas' schemas share.

/** Milliseconds since the epoch. */
export const msColumn = (name: string) => bigint(name, { mode: "number" });
/** Money in quote atoms (micro-USD), exact. */
export const atomsColumn = (name: string) => bigint(name, { mode: "bigint" });
/** The owner a row belongs to; the row goes with the owner. */
export const ownerRef = () =>
  text("owner_id")
    .notNull()
    .references(() => owners.id, { onDelete: "cascade" });
