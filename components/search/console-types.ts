import type { SearchKeyView } from "@/lib/client/search";

/** A key of the owner, and whether this console holds it (can call the API with it). */
export type ConsoleKey = SearchKeyView & { inConsole: boolean };

/** A fresh Idempotency-Key for one submission (getRandomValues works outside secure contexts too). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `console-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}
