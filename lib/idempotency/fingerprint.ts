import { createHash } from "node:crypto";

/** SHA-256 of the endpoint and the validated request (keys sorted), so equal requests match however they were written. */
export function requestFingerprint(endpoint: string, request: unknown): string {
  return createHash("sha256").update(endpoint).update("\n").update(canonicalJson(request)).digest("hex");
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
