import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { owners } from "./schema";

/** Keys of one kind (agent keys, search keys) an owner may mint in any rolling hour. */
export const KEY_MINTS_PER_HOUR = 20;
const HOUR_MS = 3_600_000;

export type MintedKind = "agent key" | "search key";

export class MintLimitError extends Error {
  override name = "MintLimitError";
  constructor(
    readonly kind: MintedKind,
    readonly retryAfterSeconds: number,
  ) {
    super(`At most ${KEY_MINTS_PER_HOUR} ${kind}s can be minted per hour; retry in ${retryAfterSeconds} s.`);
  }
}

/**
 * Call first in a mint's transaction. Locks the owner's row until the transaction ends, so an owner's
 * mints run one at a time on every instance, then refuses the mint when the owner's keys of this kind
 * created in the last hour already reach the limit. `recentMints` reads those creation times, newest
 * first (at least the last KEY_MINTS_PER_HOUR); they are returned for the caller's own decisions.
 */
export async function claimMint(tx: Database, ownerId: string, kind: MintedKind, now: number, recentMints: () => Promise<Date[]>): Promise<Date[]> {
  await tx.select({ id: owners.id }).from(owners).where(eq(owners.id, ownerId)).for("update");
  const mints = await recentMints();
  const inHour = mints.filter((at) => at.getTime() > now - HOUR_MS);
  if (inHour.length >= KEY_MINTS_PER_HOUR) {
    // A slot frees when the oldest of the last KEY_MINTS_PER_HOUR mints leaves the hour.
    const frees = inHour[KEY_MINTS_PER_HOUR - 1]!.getTime() + HOUR_MS;
    throw new MintLimitError(kind, Math.max(1, Math.ceil((frees - now) / 1000)));
  }
  return mints;
}
