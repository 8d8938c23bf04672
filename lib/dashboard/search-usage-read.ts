import "server-only";
import type { LedgerEntryView } from "../billing/contract";
import { ownerSearchClient } from "./api";
import { usageByDay, usageRows, type UsageSummary } from "./search-usage";

/** Days the usage chart covers. */
export const USAGE_DAYS = 14;
const PAGE = 200;
// At most this many ledger entries are read for one view (a busy key's fortnight may hold more).
const MAX_PAGES = 5;

/** A key's requests of the last USAGE_DAYS days, read from its ledger with the owner's token. */
export async function readUsage(ownerId: string, keyId: string, nowMs: number): Promise<UsageSummary> {
  const client = await ownerSearchClient(ownerId);
  const since = nowMs - USAGE_DAYS * 86_400_000;
  const entries: LedgerEntryView[] = [];
  let before: number | undefined;
  let complete = false;
  for (let page = 0; page < MAX_PAGES; page++) {
    const batch = await client.ledger(keyId, { limit: PAGE, ...(before ? { before } : {}) });
    entries.push(...batch);
    const last = batch.at(-1);
    if (batch.length < PAGE || !last || Date.parse(last.at) < since) {
      complete = true;
      break;
    }
    before = last.id;
  }
  const rows = usageRows(entries).filter((r) => Date.parse(r.at) >= since);
  return { days: usageByDay(rows, nowMs, USAGE_DAYS), rows, complete };
}
