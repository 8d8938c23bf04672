// The first claim of concurrent executions' Idempotency-Keys, inserted together: one statement for every
// key that arrives in one turn of the event loop, each caller told whether its own row went in.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import { insertJsonRows } from "../../db/json-rows";
import { executePrepared } from "../../db/prepared";
import { tradeIdempotency } from "../schema";

export type ClaimRow = typeof tradeIdempotency.$inferInsert & { operationId: string };

interface Waiting {
  row: ClaimRow;
  resolve(inserted: boolean): void;
  reject(err: unknown): void;
}

const insertedRows = z.object({ rows: z.array(z.object({ operation_id: z.string() })) });

export class IdempotencyClaims {
  private waiting: Waiting[] = [];
  private scheduled = false;

  constructor(private readonly db: Database) {}

  /** Inserts the key's row unless one exists (or another claim of the same key in the batch wins); true when this row went in. */
  claim(row: ClaimRow): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ row, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => void this.insert());
    });
  }

  private async insert(): Promise<void> {
    this.scheduled = false;
    const batch = this.waiting.splice(0);
    try {
      const statement = insertJsonRows(
        tradeIdempotency,
        batch.map((w) => w.row),
        {},
      )!;
      const result = insertedRows.parse(await executePrepared(this.db, sql`${statement} returning ${sql.identifier(tradeIdempotency.operationId.name)}`));
      const inserted = new Set(result.rows.map((r) => r.operation_id));
      for (const w of batch) w.resolve(inserted.has(w.row.operationId));
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }
}
