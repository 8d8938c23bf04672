import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { adminSearchKeySchema, validateResponse } from "@/lib/auth/contract/search-keys";
import { ApiClientError } from "@/lib/client/http";
import { usageSummarySchema } from "@/lib/dashboard/search-usage";

// The console's reads go to its own same-origin endpoints (app/search/*/route.ts), which hold the
// owner's credentials and keys server-side.

const failureBody = z.object({ error: z.string(), code: z.string().optional(), requestId: z.string().nullable().optional() });

async function getJson<T extends z.ZodType>(url: string, schema: T): Promise<z.output<T>> {
  const res = await fetch(url, { cache: "no-store", headers: { accept: "application/json" } });
  const body: unknown = await res.json().catch(() => null);
  if (res.ok) return schema.parse(body) as z.output<T>;
  const failure = failureBody.safeParse(body);
  throw new ApiClientError(
    failure.success ? failure.data.error : `The console answered ${res.status}.`,
    res.status,
    (failure.success ? failure.data.code : undefined) ?? "CONSOLE_UNAVAILABLE",
    (failure.success ? failure.data.requestId : null) ?? null,
  );
}

/** A key's plan, credits and the caller's rate-limit windows (GET /v1/validate: no credit, no slot). */
export const keyStateQuery = (keyId: string) =>
  queryOptions({
    queryKey: ["search", "state", keyId],
    queryFn: () => getJson(`/search/state?key=${encodeURIComponent(keyId)}`, validateResponse),
    refetchInterval: 15_000,
    staleTime: 5_000,
  });

/** A key's requests of the last fortnight, per request and per day. */
export const usageQuery = (keyId: string) =>
  queryOptions({
    queryKey: ["search", "usage", keyId],
    queryFn: () => getJson(`/search/usage?key=${encodeURIComponent(keyId)}`, usageSummarySchema),
    staleTime: 5_000,
  });

export const adminKeysQuery = (query: string) =>
  queryOptions({
    queryKey: ["search", "admin-keys", query],
    queryFn: () => getJson(`/search/admin-keys?query=${encodeURIComponent(query)}`, z.array(adminSearchKeySchema)),
    staleTime: 5_000,
  });

/** After a paid run or a grant: the key's balance, windows and history have moved. */
export function invalidateKey(client: QueryClient, keyId: string): Promise<void> {
  return client.invalidateQueries({ predicate: (q) => q.queryKey[0] === "search" && (q.queryKey.includes(keyId) || q.queryKey[1] === "admin-keys") });
}
