// The search API's views of keys, from the records lib/auth/search-keys.ts reads.
import { featuresOf } from "../billing/plans";
import type { AdminSearchKeyView, SearchKeyView, ValidateResponse } from "./contract/search-keys";
import type { AdminSearchKey, SearchKey, SearchPrincipal } from "./search-keys";

export function searchKeyView(k: SearchKey): SearchKeyView {
  return {
    id: k.id,
    name: k.name,
    fragment: k.fragment,
    plan: k.plan,
    credits: k.balance,
    status: k.status,
    created_at: k.createdAt,
    revoked_at: k.revokedAt,
    last_used_at: k.lastUsedAt,
  };
}

export function adminSearchKeyView(k: AdminSearchKey): AdminSearchKeyView {
  return { ...searchKeyView(k), owner_id: k.ownerId, owner_email: k.ownerEmail };
}

/** What GET /v1/validate answers for an active key, with the caller's rate-limit windows as they stand. */
export function keyValidationView(key: SearchPrincipal, rateLimits: ValidateResponse["rate_limits"]): ValidateResponse {
  return {
    valid: true,
    status: "active",
    key_id: key.keyId,
    name: key.name,
    plan: key.plan,
    credits: key.balance,
    features: featuresOf(key.plan),
    rate_limits: rateLimits,
  };
}
