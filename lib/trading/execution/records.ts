// The trading records written through the host's group commit: merged per batch into a few statements.
import type { SQL } from "drizzle-orm";
import type { BatchPart, GroupCommit, PartKind } from "../../db/group-commit";
import { insertJsonRows } from "../../db/json-rows";
import type { ChildRow, ParentRow } from "../contract/order-views";
import { tradeChildOrders, tradeIdempotency, tradeOrders } from "../schema";
import type { KeyAnswer } from "./idempotency";
import type { ClaimRow } from "./idempotency-claims";

class ParentRows implements BatchPart {
  readonly rows = new Map<string, ParentRow>();
  statements() {
    return [insertJsonRows(tradeOrders, [...this.rows.values()], {})];
  }
}

/** Child rows as last seen in the batch: an order recorded PENDING and answered in one batch is one row. */
class ChildRows implements BatchPart {
  readonly rows = new Map<string, ChildRow>();
  statements() {
    const c = tradeChildOrders;
    return [
      insertJsonRows(c, [...this.rows.values()], {
        target: [c.clientOrderId],
        update: [c.venueOrderId, c.status, c.filledLots, c.filledNotional, c.fees, c.reason, c.rejectReason, c.updatedAt],
      }),
    ];
  }
}

/**
 * Idempotency-Key records of a batch: keys the host claimed in memory (their first record, answered
 * already when the run's answer joins the same batch) and answers to keys whose record is stored.
 */
class KeyRecords implements BatchPart {
  readonly claims = new Map<string, ClaimRow>();
  readonly answers = new Map<string, KeyAnswer>();
  statements() {
    return [insertJsonRows(tradeIdempotency, [...this.claims.values()], {}), answersStatement([...this.answers.values()])];
  }
}

/**
 * The statement storing answers on their keys' records: an insert that meets the record on its primary key
 * and sets the response (an update joined to the rows' JSON would be planned as a scan of the whole
 * table, which holds a day of keys). A record gone meanwhile is written anew, whole.
 */
export function answersStatement(answers: readonly KeyAnswer[]): SQL | undefined {
  const t = tradeIdempotency;
  const rows = answers.map((a) => ({
    scope: a.scope,
    key: a.key,
    fingerprint: a.fingerprint,
    operationId: a.operationId,
    response: { status: 200, body: a.body },
    leaseUntil: 0,
    expiresAt: a.expiresAt,
  }));
  return insertJsonRows(t, rows, { target: [t.scope, t.key], update: [t.response] });
}

// After the venues' changes (rank 0): parents before the children referring to them, keys' records last.
const PARENTS: PartKind<ParentRows> = { rank: 10, create: () => new ParentRows() };
const CHILDREN: PartKind<ChildRows> = { rank: 20, create: () => new ChildRows() };
const KEY_RECORDS: PartKind<KeyRecords> = { rank: 30, create: () => new KeyRecords() };

/** Records a parent order with its children (copies: the caller goes on updating its rows). */
export function recordParent(writes: GroupCommit, parent: ParentRow, children: readonly ChildRow[]): Promise<void> {
  const stored = writes.add(PARENTS, (part) => part.rows.set(parent.id, { ...parent }));
  if (children.length === 0) return stored;
  // Batches commit in order: the children stored means the parent is; its own failure is theirs too.
  stored.catch(() => {});
  return recordChildren(writes, children);
}

/** Records children as they are now; the last record of a child in a batch wins. */
export function recordChildren(writes: GroupCommit, children: readonly ChildRow[]): Promise<void> {
  return writes.add(CHILDREN, (part) => {
    for (const c of children) part.rows.set(c.clientOrderId, { ...c });
  });
}

/** The record of a key claimed in memory, stored with (or before) the batch of the run's first change. */
export function recordClaim(writes: GroupCommit, claim: ClaimRow): Promise<void> {
  return writes.add(KEY_RECORDS, (part) => part.claims.set(keyRecordId(claim.scope, claim.key), { ...claim }));
}

/** Stores an Idempotency-Key's answer, after (in the same batch or a later one) what the run recorded. */
export function recordAnswer(writes: GroupCommit, answer: KeyAnswer): Promise<void> {
  return writes.add(KEY_RECORDS, (part) => {
    const id = keyRecordId(answer.scope, answer.key);
    const claim = part.claims.get(id);
    if (claim !== undefined) claim.response = { status: 200, body: answer.body };
    else part.answers.set(id, answer);
  });
}

const keyRecordId = (scope: string, key: string) => `${scope}\u0000${key}`;
