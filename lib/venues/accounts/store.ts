// The linked_venue_accounts rows, and the audit events of their changes written in the same transaction.
import { and, eq } from "drizzle-orm";
import { recordAudit } from "../../auth/audit";
import type { Database } from "../../db/client";
import { linkedVenueAccounts } from "../schema";

/** What may be shown of a linked account. */
export interface LinkedAccountRow {
  venue: string;
  identifier: string;
  masked: Record<string, string>;
  checkedAt: number;
  createdAt: number;
  updatedAt: number;
}

export interface NewLink {
  ownerId: string;
  venue: string;
  sealed: string;
  masked: Record<string, string>;
  identifier: string;
  /** The check's time, which is also the link's. */
  at: number;
}

const shown = {
  venue: linkedVenueAccounts.venue,
  identifier: linkedVenueAccounts.identifier,
  masked: linkedVenueAccounts.masked,
  checkedAt: linkedVenueAccounts.checkedAt,
  createdAt: linkedVenueAccounts.createdAt,
  updatedAt: linkedVenueAccounts.updatedAt,
};

const ofOwnerVenue = (ownerId: string, venue: string) => and(eq(linkedVenueAccounts.ownerId, ownerId), eq(linkedVenueAccounts.venue, venue));

export async function linkedAccounts(db: Database, ownerId: string): Promise<LinkedAccountRow[]> {
  return db.select(shown).from(linkedVenueAccounts).where(eq(linkedVenueAccounts.ownerId, ownerId)).orderBy(linkedVenueAccounts.venue);
}

export async function sealedCredentials(db: Database, ownerId: string, venue: string): Promise<string | undefined> {
  const [row] = await db.select({ sealed: linkedVenueAccounts.sealed }).from(linkedVenueAccounts).where(ofOwnerVenue(ownerId, venue));
  return row?.sealed;
}

/** Stores the link, replacing the owner's account on that venue if any; audited as linked or replaced. */
export async function storeLink(db: Database, link: NewLink): Promise<{ row: LinkedAccountRow; replaced: { identifier: string } | undefined }> {
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ identifier: linkedVenueAccounts.identifier })
      .from(linkedVenueAccounts)
      .where(ofOwnerVenue(link.ownerId, link.venue))
      .for("update");
    const values = { sealed: link.sealed, masked: link.masked, identifier: link.identifier, checkedAt: link.at, updatedAt: link.at };
    const [row] = await tx
      .insert(linkedVenueAccounts)
      .values({ ownerId: link.ownerId, venue: link.venue, createdAt: link.at, ...values })
      .onConflictDoUpdate({ target: [linkedVenueAccounts.ownerId, linkedVenueAccounts.venue], set: values })
      .returning(shown);
    const detail = previous
      ? { venue: link.venue, identifier: link.identifier, previousIdentifier: previous.identifier }
      : { venue: link.venue, identifier: link.identifier };
    await recordAudit(tx, {
      ownerId: link.ownerId,
      actor: "owner",
      action: previous ? "venue_account.replaced" : "venue_account.linked",
      detail,
      at: new Date(link.at),
    });
    return { row: row!, replaced: previous };
  });
}

/** Removes the owner's account on the venue; audited. Undefined when none was linked. */
export async function removeLink(db: Database, ownerId: string, venue: string, at: number): Promise<LinkedAccountRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(linkedVenueAccounts).where(ofOwnerVenue(ownerId, venue)).returning(shown);
    if (row)
      await recordAudit(tx, { ownerId, actor: "owner", action: "venue_account.removed", detail: { venue, identifier: row.identifier }, at: new Date(at) });
    return row;
  });
}

/** A check the venue did not pass: the venue, the identifier and the venue's reason, never a credential. */
export async function recordFailedCheck(
  db: Database,
  event: { ownerId: string; venue: string; identifier: string; code: string; reason: string; at: number },
): Promise<void> {
  await recordAudit(db, {
    ownerId: event.ownerId,
    actor: "owner",
    action: "venue_account.check_failed",
    detail: { venue: event.venue, identifier: event.identifier, code: event.code, reason: event.reason },
    at: new Date(event.at),
  });
}
