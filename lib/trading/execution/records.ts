// The trading records written through the host's group commit: merged per batch into a few statements.
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { BatchPart, GroupCommit, PartKind } from "../../db/group-commit";
import type { ChildRow, ParentRow } from "../contract/order-views";
import { tradeChildOrders, tradeIdempotency, tradeOrders } from "../schema";

const excluded = (column: string) => sql.raw(`excluded.${column}`);

class ParentRows implements BatchPart {
  readonly rows = new Map<string, ParentRow>();
  async write(tx: Database): Promise<void> {
    await tx
      .insert(tradeOrders)
      .values([...this.rows.values()])
      .onConflictDoNothing();
  }
}

/** Child rows as last seen in the batch: an order recorded PENDING and answered in one batch is one row. */
class ChildRows implements BatchPart {
  readonly rows = new Map<string, ChildRow>();
  async write(tx: Database): Promise<void> {
    await tx
      .insert(tradeChildOrders)
      .values([...this.rows.values()])
      .onConflictDoUpdate({
        target: tradeChildOrders.clientOrderId,
        set: {
          venueOrderId: excluded("venue_order_id"),
          status: excluded("status"),
          filledLots: excluded("filled_lots"),
          filledNotional: excluded("filled_notional"),
          fees: excluded("fees"),
          reason: excluded("reason"),
          updatedAt: excluded("updated_at"),
        },
      });
  }
}

interface Answer {
  scope: string;
  key: string;
  body: unknown;
}

class IdempotencyAnswers implements BatchPart {
  readonly answers = new Map<string, Answer>();
  async write(tx: Database): Promise<void> {
    for (const a of this.answers.values()) {
      await tx
        .update(tradeIdempotency)
        .set({ response: { status: 200, body: a.body } })
        .where(and(eq(tradeIdempotency.scope, a.scope), eq(tradeIdempotency.key, a.key)));
    }
  }
}

// After the venues' changes (rank 0): parents before the children referring to them, answers last.
const PARENTS: PartKind<ParentRows> = { rank: 10, create: () => new ParentRows() };
const CHILDREN: PartKind<ChildRows> = { rank: 20, create: () => new ChildRows() };
const ANSWERS: PartKind<IdempotencyAnswers> = { rank: 30, create: () => new IdempotencyAnswers() };

/** Records a parent order with its children (copies: the caller goes on updating its rows). */
export function recordParent(writes: GroupCommit, parent: ParentRow, children: readonly ChildRow[]): Promise<void> {
  const stored = writes.add(PARENTS, (part) => part.rows.set(parent.id, { ...parent }));
  return children.length === 0 ? stored : recordChildren(writes, children);
}

/** Records children as they are now; the last record of a child in a batch wins. */
export function recordChildren(writes: GroupCommit, children: readonly ChildRow[]): Promise<void> {
  return writes.add(CHILDREN, (part) => {
    for (const c of children) part.rows.set(c.clientOrderId, { ...c });
  });
}

/** Stores an Idempotency-Key's answer, after (in the same batch or a later one) what the run recorded. */
export function recordAnswer(writes: GroupCommit, scope: string, key: string, body: unknown): Promise<void> {
  return writes.add(ANSWERS, (part) => part.answers.set(`${scope}\u0000${key}`, { scope, key, body }));
}
