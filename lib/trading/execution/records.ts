// The trading records written through the host's group commit: merged per batch into a few statements.
import type { SQL } from "drizzle-orm";
import type { BatchPart, GroupCommit, PartKind } from "../../db/group-commit";
import { insertJsonRows } from "../../db/json-rows";
import type { ChildRow, ParentRow } from "../contract/order-views";
import { tradeChildOrders, tradeIdempotency, tradeOrders } from "../schema";
import type { KeyAnswer } from "./idempotency";

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

class IdempotencyAnswers implements BatchPart {
  readonly answers = new Map<string, KeyAnswer>();
  statements() {
    return [answersStatement([...this.answers.values()])];
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

// After the venues' changes (rank 0): parents before the children referring to them, answers last.
const PARENTS: PartKind<ParentRows> = { rank: 10, create: () => new ParentRows() };
const CHILDREN: PartKind<ChildRows> = { rank: 20, create: () => new ChildRows() };
const ANSWERS: PartKind<IdempotencyAnswers> = { rank: 30, create: () => new IdempotencyAnswers() };

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

/** Stores an Idempotency-Key's answer, after (in the same batch or a later one) what the run recorded. */
export function recordAnswer(writes: GroupCommit, answer: KeyAnswer): Promise<void> {
  return writes.add(ANSWERS, (part) => part.answers.set(`${answer.scope}\u0000${answer.key}`, answer));
}
