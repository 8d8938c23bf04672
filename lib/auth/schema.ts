import { sql } from "drizzle-orm";
import type { JWK } from "jose";
import type { AuditAction } from "./contract/audit";
import { bigint, bigserial, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** People who own agent keys and search keys; one record however they sign in. */
export const owners = pgTable(
  "owners",
  {
    id: text("id").primaryKey(),
    email: text("email"),
    passwordHash: text("password_hash"),
    displayName: text("display_name"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("owners_email_lower_idx").on(sql`lower(${t.email})`)],
);

/** Ethereum addresses an owner signs in with (lower-case hex). */
export const ownerWallets = pgTable("owner_wallets", {
  address: text("address").primaryKey(),
  ownerId: text("owner_id")
    .notNull()
    .references(() => owners.id, { onDelete: "cascade" }),
  linkedAt: at("linked_at").notNull().defaultNow(),
});

/** Sign-In with Ethereum nonces: issued by the server, consumed once after a signature verifies. */
export const siweNonces = pgTable("siwe_nonces", {
  nonce: text("nonce").primaryKey(),
  expiresAt: at("expires_at").notNull(),
  consumedAt: at("consumed_at"),
});

/** Ed25519 keys that sign owner tokens; the private half is sealed with the server secret. */
export const signingKeys = pgTable("signing_keys", {
  kid: text("kid").primaryKey(),
  publicJwk: jsonb("public_jwk").$type<JWK>().notNull(),
  privateJwkSealed: text("private_jwk_sealed").notNull(),
  createdAt: at("created_at").notNull(),
  /** No new tokens are signed with it after this. */
  retiresAt: at("retires_at").notNull(),
  /** Dropped from the JWKS after this, when no token it signed can still be valid. */
  expiresAt: at("expires_at").notNull(),
});

/** Agent keys: only a hash of the key is stored. */
export const agentKeys = pgTable(
  "agent_keys",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => owners.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** "agent" for keys the owner mints, "desk" for the dashboard's own trading key. */
    kind: text("kind").$type<"agent" | "desk">().notNull().default("agent"),
    keyHash: text("key_hash").notNull(),
    fragment: text("fragment").notNull(),
    scopes: text("scopes").array().notNull(),
    ipAllowlist: text("ip_allowlist").array(),
    createdAt: at("created_at").notNull(),
    expiresAt: at("expires_at"),
    revokedAt: at("revoked_at"),
    lastUsedAt: at("last_used_at"),
    /** Requests authenticated with the key: each instance counts in memory and adds its count every few seconds (lib/auth/key-usage). */
    requests: bigint("requests", { mode: "number" }).notNull().default(0),
    /** Set on a key that was rolled: the key that replaced it. */
    replacedBy: text("replaced_by"),
    /** Lower-case EVM addresses swaps may pay out to besides the owner's own wallets; empty = the owner's wallets only. */
    swapRecipients: text("swap_recipients").array().notNull().default([]),
    /** Most US dollars (in millionths) this key's executed swaps may be worth per UTC day; null = no daily limit. */
    swapDailyLimitMicros: bigint("swap_daily_limit_micros", { mode: "bigint" }),
  },
  (t) => [uniqueIndex("agent_keys_hash_idx").on(t.keyHash), index("agent_keys_owner_idx").on(t.ownerId, t.createdAt)],
);

export type { AuditAction };

/** Who did what to which key or linked venue account, when; append-only, readable by the owner. */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => owners.id, { onDelete: "cascade" }),
    /** "owner" when the owner acted (dashboard or owner token), "system" otherwise. */
    actor: text("actor").notNull(),
    action: text("action").$type<AuditAction>().notNull(),
    keyId: text("key_id"),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    at: at("at").notNull(),
  },
  (t) => [index("audit_events_owner_idx").on(t.ownerId, t.id)],
);

/** Small per-owner secrets the server keeps sealed (the desk key, remote API credentials). */
export const ownerSecrets = pgTable(
  "owner_secrets",
  {
    ownerId: text("owner_id")
      .notNull()
      .references(() => owners.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    sealed: text("sealed").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.name] })],
);

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
