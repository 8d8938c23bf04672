// After the soak: what the clients were told, against what the database holds. Reads tables by name
// (SQL), so it does not depend on where their Drizzle definitions live.
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { DatabaseHandle } from "../../lib/db/client";
import { auditVenueAccounts } from "../../lib/testing/venues";
import type { SoakSetup } from "./setup";
import type { Ledger } from "./workloads";

export interface AuditFinding {
  kind: "lost" | "duplicated" | "inconsistent";
  what: string;
}

export interface AuditResult {
  checked: { orders: number; childOrders: number; charges: number; swaps: number; positions: number; creditAccounts: number };
  /** Executed but never acknowledged (the client gave up or its answer was refused): not a loss, reported. */
  unacknowledged: { orders: number; chargedCredits: number; swaps: number };
  findings: AuditFinding[];
}

const SOAK_OWNERS = "own_soak_%";

async function rows<T extends z.ZodType>(database: DatabaseHandle, schema: T, query: SQL): Promise<z.infer<T>[]> {
  return z.object({ rows: z.array(schema) }).parse(await database.db.execute(query)).rows;
}

export async function auditSoak(database: DatabaseHandle, setup: SoakSetup, ledger: Ledger): Promise<AuditResult> {
  const findings: AuditFinding[] = [];
  const orders = await auditOrders(database, ledger, findings);
  const positions = await auditPositions(database, findings);
  const charges = await auditCharges(database, setup, ledger, findings);
  const swaps = await auditSwaps(database, ledger, findings);
  return {
    checked: {
      orders: ledger.orders.length,
      childOrders: orders.children,
      charges: ledger.charges.length,
      swaps: ledger.swaps.length,
      positions,
      creditAccounts: setup.searchKeys.length,
    },
    unacknowledged: { orders: orders.unacknowledged, chargedCredits: charges.unacknowledged, swaps: swaps.unacknowledged },
    findings,
  };
}

/**
 * Each acknowledged order is the one run of its Idempotency-Key (the key's operation id is the parent's
 * id), stored once with every child the answer named; no parent exists that none of the keys accounts for.
 */
async function auditOrders(database: DatabaseHandle, ledger: Ledger, findings: AuditFinding[]) {
  const parents = await rows(database, z.object({ id: z.string() }), sql`select id from trade_orders where owner_id like ${SOAK_OWNERS}`);
  const children = await rows(
    database,
    z.object({ parent_id: z.string(), venue: z.string(), venue_order_id: z.string().nullable() }),
    sql`select parent_id, venue, venue_order_id from trade_child_orders where owner_id like ${SOAK_OWNERS}`,
  );
  const venueOrders = await rows(database, z.object({ id: z.string() }), sql`select id from venue_orders where owner_id like ${SOAK_OWNERS}`);
  const keys = await rows(database, z.object({ key: z.string(), operation_id: z.string() }), sql`select key, operation_id from trade_idempotency`);
  const operationOf = new Map(keys.map((k) => [k.key, k.operation_id]));
  const parentIds = new Set(parents.map((p) => p.id));
  const venueOrderIds = new Set(venueOrders.map((o) => o.id));
  const childrenOf = new Map<string, typeof children>();
  for (const c of children) childrenOf.set(c.parent_id, [...(childrenOf.get(c.parent_id) ?? []), c]);

  let checkedChildren = 0;
  for (const ack of ledger.orders) {
    if (!parentIds.has(ack.parentId)) findings.push({ kind: "lost", what: `order ${ack.parentId} (key ${ack.idempotencyKey}) is not stored` });
    const operation = operationOf.get(ack.idempotencyKey);
    if (operation !== ack.parentId)
      findings.push({
        kind: "duplicated",
        what: `Idempotency-Key ${ack.idempotencyKey} answered ${ack.parentId} but its stored run is ${operation ?? "missing"}`,
      });
    const stored = childrenOf.get(ack.parentId) ?? [];
    for (const child of ack.children) {
      checkedChildren++;
      if (child.orderId === null) continue;
      if (!venueOrderIds.has(child.orderId))
        findings.push({ kind: "lost", what: `venue order ${child.venue}/${child.orderId} of ${ack.parentId} is not stored` });
      const matches = stored.filter((s) => s.venue === child.venue && s.venue_order_id === child.orderId).length;
      if (matches !== 1)
        findings.push({
          kind: matches === 0 ? "lost" : "duplicated",
          what: `child ${child.venue}/${child.orderId} of ${ack.parentId} stored ${matches} times`,
        });
    }
  }
  const sent = new Set([...ledger.orderKeys.values()].flat().map((k) => operationOf.get(k)));
  const unaccounted = parents.filter((p) => !sent.has(p.id));
  for (const p of unaccounted) findings.push({ kind: "duplicated", what: `order ${p.id} was stored but no Idempotency-Key sent ran it` });
  const acknowledged = new Set(ledger.orders.map((o) => o.parentId));
  return { children: checkedChildren, unacknowledged: parents.filter((p) => !acknowledged.has(p.id)).length - unaccounted.length };
}

/** Σ stored fills = stored position per owner, venue and symbol, and collateral = deposits + PnL − fees + funding. */
async function auditPositions(database: DatabaseHandle, findings: AuditFinding[]): Promise<number> {
  const audit = await auditVenueAccounts(database, SOAK_OWNERS);
  for (const what of audit.findings) findings.push({ kind: "inconsistent", what });
  return audit.checked;
}

/**
 * Each acknowledged paid request has exactly one settled charge of what the answer said; each key's
 * ledger sums to its balance; nothing was charged that no answer (or abandoned request) accounts for.
 */
async function auditCharges(database: DatabaseHandle, setup: SoakSetup, ledger: Ledger, findings: AuditFinding[]) {
  const accountIds = setup.searchKeys.map((k) => k.keyId);
  const inAccounts = sql.join(
    accountIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const charges = await rows(
    database,
    z.object({
      account_id: z.string(),
      idempotency_key: z.string().nullable(),
      status: z.string(),
      charged: z.coerce.number().nullable(),
      reserved: z.coerce.number(),
    }),
    sql`select account_id, idempotency_key, status, charged, reserved from credit_charges where account_id in (${inAccounts})`,
  );
  const balances = await rows(
    database,
    z.object({ id: z.string(), balance: z.coerce.number(), ledger: z.coerce.number() }),
    sql`select a.id, a.balance, coalesce((select sum(l.amount) from credit_ledger l where l.account_id = a.id), 0) as ledger
        from credit_accounts a where a.id in (${inAccounts})`,
  );
  for (const b of balances)
    if (b.balance !== b.ledger) findings.push({ kind: "inconsistent", what: `search key ${b.id}: balance ${b.balance}, ledger sums to ${b.ledger}` });
  for (const id of accountIds) {
    const b = balances.find((x) => x.id === id);
    const spent = charges.filter((c) => c.account_id === id).reduce((sum, c) => sum + (c.status === "open" ? c.reserved : (c.charged ?? 0)), 0);
    const granted = await grantedTo(database, id);
    if (b === undefined || b.balance !== granted - spent)
      findings.push({ kind: "inconsistent", what: `search key ${id}: balance ${b?.balance}, grants ${granted} − charges ${spent} = ${granted - spent}` });
  }

  const byKey = new Map<string, typeof charges>();
  for (const c of charges)
    if (c.idempotency_key !== null) byKey.set(`${c.account_id}/${c.idempotency_key}`, [...(byKey.get(`${c.account_id}/${c.idempotency_key}`) ?? []), c]);
  for (const ack of ledger.charges) {
    const found = byKey.get(`${ack.keyId}/${ack.idempotencyKey}`) ?? [];
    if (found.length === 0) findings.push({ kind: "lost", what: `charge of ${ack.credits} credits (key ${ack.idempotencyKey}) is not stored` });
    else if (found.length > 1) findings.push({ kind: "duplicated", what: `Idempotency-Key ${ack.idempotencyKey} has ${found.length} charges` });
    else if (found[0]!.status !== "settled" || found[0]!.charged !== ack.credits)
      findings.push({
        kind: "inconsistent",
        what: `charge ${ack.idempotencyKey}: answered ${ack.credits} credits, stored ${found[0]!.status} ${found[0]!.charged}`,
      });
  }
  const answered = new Set(ledger.charges.map((c) => `${c.keyId}/${c.idempotencyKey}`));
  const abandoned = new Set(ledger.abandonedCharges.map((c) => `${c.keyId}/${c.idempotencyKey}`));
  let unacknowledged = 0;
  for (const c of charges) {
    if (c.status !== "settled" || !c.charged) continue;
    const key = `${c.account_id}/${c.idempotency_key}`;
    if (answered.has(key)) continue;
    if (abandoned.has(key)) unacknowledged += c.charged;
    else
      findings.push({
        kind: "duplicated",
        what: `${c.charged} credits charged to ${c.account_id} under ${c.idempotency_key ?? "no key"}, which no request accounts for`,
      });
  }
  return { unacknowledged };
}

async function grantedTo(database: DatabaseHandle, accountId: string): Promise<number> {
  const [row] = await rows(
    database,
    z.object({ sum: z.coerce.number() }),
    sql`select coalesce(sum(amount), 0) as sum from credit_ledger where account_id = ${accountId} and kind in ('grant', 'plan')`,
  );
  return row!.sum;
}

/** Each acknowledged swap is stored once, for its quote, in a known state; no quote was executed twice. */
async function auditSwaps(database: DatabaseHandle, ledger: Ledger, findings: AuditFinding[]) {
  const swaps = await rows(
    database,
    z.object({ id: z.string(), quote_id: z.string(), status: z.string() }),
    sql`select id, quote_id, status from swaps where owner_id like ${SOAK_OWNERS}`,
  );
  const byId = new Map(swaps.map((s) => [s.id, s]));
  for (const ack of ledger.swaps) {
    const row = byId.get(ack.swapId);
    if (row === undefined) findings.push({ kind: "lost", what: `swap ${ack.swapId} (quote ${ack.quoteId}) is not stored` });
    else if (row.quote_id !== ack.quoteId)
      findings.push({ kind: "inconsistent", what: `swap ${ack.swapId}: quote ${row.quote_id}, answered for ${ack.quoteId}` });
    else if (!["PENDING", "DONE", "FAILED"].includes(row.status)) findings.push({ kind: "inconsistent", what: `swap ${ack.swapId} is ${row.status}` });
  }
  const perQuote = new Map<string, number>();
  for (const s of swaps) perQuote.set(s.quote_id, (perQuote.get(s.quote_id) ?? 0) + 1);
  for (const [quote, n] of perQuote) if (n > 1) findings.push({ kind: "duplicated", what: `quote ${quote} was executed ${n} times` });
  const acknowledged = new Set(ledger.swaps.map((s) => s.swapId));
  return { unacknowledged: swaps.filter((s) => !acknowledged.has(s.id)).length };
}
