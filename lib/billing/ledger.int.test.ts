import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDEMPOTENCY_WINDOW_MS } from "../idempotency/keys";
import { newId } from "../ids";
import { createTestApi, type TestApi } from "../testing/api";
import {
  accountOf,
  ChargeNotOpenError,
  changePlan,
  grantCredits,
  ledgerEntries,
  ledgerSum,
  openAccount,
  refundCharge,
  RESERVATION_TTL_MS,
  reserveCredits,
  settleCharge,
  sweepOpenCharges,
  type LedgerContext,
  type ReserveRequest,
} from "./ledger";
import { creditAccounts, creditCharges } from "./schema";

let t: TestApi;
let ctx: LedgerContext;
beforeAll(async () => {
  t = await createTestApi();
  ctx = { db: t.deps.database.db, clock: t.clock };
});
afterAll(() => t.close());

/** A fresh account holding exactly `balance` credits (Free's starting credits, topped up or spent down). */
async function account(balance: number): Promise<string> {
  const id = newId("acc");
  await openAccount(ctx, id, "Free", "test");
  if (balance !== 100) await ctx.db.update(creditAccounts).set({ balance }).where(eq(creditAccounts.id, id));
  return id;
}

/** An account whose ledger is exact from the start: its starting grant only. */
async function freshAccount(): Promise<string> {
  const id = newId("acc");
  await openAccount(ctx, id, "Free", "test");
  return id;
}

const reserve = (accountId: string, amount: number, over: Partial<ReserveRequest> = {}) =>
  reserveCredits(ctx, { accountId, endpoint: "search", amount, requestId: newId("req"), idempotencyKey: null, fingerprint: "f", ...over });

async function balanceOf(id: string): Promise<number> {
  return (await accountOf(ctx, id))!.balance;
}

describe("accounts", () => {
  it("open with their plan's starting credits, recorded as a grant", async () => {
    const id = await freshAccount();
    expect(await accountOf(ctx, id)).toEqual({ plan: "Free", balance: 100 });
    const [grant] = await ledgerEntries(ctx, id, { limit: 10 });
    expect(grant).toMatchObject({ kind: "grant", amount: 100, balanceAfter: 100, actor: "test" });
  });

  it("change plan without touching the balance, and say so in the ledger", async () => {
    const id = await freshAccount();
    expect(await changePlan(ctx, id, "Builder", "own_admin")).toEqual({ from: "Free", to: "Builder" });
    expect(await accountOf(ctx, id)).toEqual({ plan: "Builder", balance: 100 });
    const [entry] = await ledgerEntries(ctx, id, { limit: 1 });
    expect(entry).toMatchObject({ kind: "plan", amount: 0, balanceAfter: 100, actor: "own_admin", detail: { from: "Free", to: "Builder" } });
    expect(await changePlan(ctx, "acc_missing", "Builder", "x")).toBeNull();
  });
});

describe("grants", () => {
  it("add credits once per idempotency key", async () => {
    const id = await freshAccount();
    const first = await grantCredits(ctx, id, { amount: 250, actor: "own_admin", note: "welcome", idempotencyKey: "grant-1" });
    const again = await grantCredits(ctx, id, { amount: 250, actor: "own_admin", note: "welcome", idempotencyKey: "grant-1" });
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ entry: first.entry, replayed: true });
    expect(first.entry).toMatchObject({ kind: "grant", amount: 250, balanceAfter: 350, detail: { note: "welcome" } });
    await grantCredits(ctx, id, { amount: 1, actor: "own_admin" });
    await grantCredits(ctx, id, { amount: 1, actor: "own_admin" });
    expect(await balanceOf(id)).toBe(352);
    expect(await ledgerSum(ctx, id)).toBe(352);
  });

  it("refuse amounts that are not positive whole numbers", async () => {
    const id = await freshAccount();
    for (const amount of [0, -5, 1.5]) await expect(grantCredits(ctx, id, { amount, actor: "x" })).rejects.toThrow(RangeError);
  });
});

describe("reserve, settle, refund", () => {
  it("reserves the maximum, settles to the charge and returns the rest in one entry", async () => {
    const id = await freshAccount();
    const r = await reserve(id, 11);
    expect(r).toMatchObject({ kind: "reserved", balance: 89 });
    if (r.kind !== "reserved") return;
    const settled = await settleCharge(ctx, r.chargeId, { charged: 5, detail: { pagesScraped: 1, pagesFailed: 2 } });
    expect(settled).toEqual({ balance: 95, charged: 5, refunded: 6 });
    const [settle, reserveEntry] = await ledgerEntries(ctx, id, { limit: 2 });
    expect(reserveEntry).toMatchObject({ kind: "reserve", amount: -11, balanceAfter: 89, ref: r.chargeId, actor: "api" });
    expect(settle).toMatchObject({ kind: "settle", amount: 6, balanceAfter: 95, ref: r.chargeId, detail: { reserved: 11, charged: 5, pagesFailed: 2 } });
    expect(await ledgerSum(ctx, id)).toBe(95);
  });

  it("settles once: a second settlement or a refund of a settled charge fails and moves nothing", async () => {
    const id = await freshAccount();
    const r = await reserve(id, 5);
    if (r.kind !== "reserved") throw new Error("not reserved");
    await settleCharge(ctx, r.chargeId, { charged: 5, detail: {} });
    await expect(settleCharge(ctx, r.chargeId, { charged: 0, detail: {} })).rejects.toThrow(ChargeNotOpenError);
    await expect(refundCharge(ctx, r.chargeId, "late")).rejects.toThrow(ChargeNotOpenError);
    expect(await balanceOf(id)).toBe(95);
  });

  it("refuses a charge above the reservation", async () => {
    const id = await freshAccount();
    const r = await reserve(id, 5);
    if (r.kind !== "reserved") throw new Error("not reserved");
    await expect(settleCharge(ctx, r.chargeId, { charged: 6, detail: {} })).rejects.toThrow(RangeError);
    expect(await balanceOf(id)).toBe(95);
  });

  it("refuses a reservation above the balance, taking nothing", async () => {
    const id = await account(10);
    expect(await reserve(id, 11)).toEqual({ kind: "insufficient", balance: 10, required: 11 });
    expect(await reserve(id, 10)).toMatchObject({ kind: "reserved", balance: 0 });
    expect(await reserve(id, 1)).toEqual({ kind: "insufficient", balance: 0, required: 1 });
  });
});

describe("idempotency keys", () => {
  it("replay a settled request's result and charge, and refuse the key for another request", async () => {
    const id = await freshAccount();
    const first = await reserve(id, 8, { idempotencyKey: "k1", fingerprint: "A" });
    if (first.kind !== "reserved") throw new Error("not reserved");
    expect(await reserve(id, 8, { idempotencyKey: "k1", fingerprint: "A" })).toEqual({ kind: "in_progress" });
    await settleCharge(ctx, first.chargeId, { charged: 2, detail: {}, result: { answer: 42 } });
    expect(await reserve(id, 8, { idempotencyKey: "k1", fingerprint: "A" })).toEqual({ kind: "replay", result: { answer: 42 }, charged: 2, balanceAfter: 98 });
    expect(await reserve(id, 8, { idempotencyKey: "k1", fingerprint: "B" })).toEqual({ kind: "mismatch" });
    expect(await balanceOf(id)).toBe(98);
  });

  it("are per account", async () => {
    const a = await freshAccount();
    const b = await freshAccount();
    expect((await reserve(a, 2, { idempotencyKey: "same" })).kind).toBe("reserved");
    expect((await reserve(b, 2, { idempotencyKey: "same" })).kind).toBe("reserved");
  });

  it("are released by a refund, so the retry runs again", async () => {
    const id = await freshAccount();
    const first = await reserve(id, 8, { idempotencyKey: "k2" });
    if (first.kind !== "reserved") throw new Error("not reserved");
    await refundCharge(ctx, first.chargeId, "provider down");
    expect(await balanceOf(id)).toBe(100);
    expect((await reserve(id, 8, { idempotencyKey: "k2" })).kind).toBe("reserved");
  });

  it("are forgotten after 24 hours", async () => {
    const id = await freshAccount();
    const first = await reserve(id, 2, { idempotencyKey: "k3" });
    if (first.kind !== "reserved") throw new Error("not reserved");
    await settleCharge(ctx, first.chargeId, { charged: 2, detail: {}, result: {} });
    t.clock.advance(IDEMPOTENCY_WINDOW_MS - 1);
    await sweepOpenCharges(ctx);
    expect((await reserve(id, 2, { idempotencyKey: "k3" })).kind).toBe("replay");
    t.clock.advance(2);
    await sweepOpenCharges(ctx);
    expect((await reserve(id, 2, { idempotencyKey: "k3" })).kind).toBe("reserved");
  });

  it("let one of many concurrent requests with the same key through", async () => {
    const id = await freshAccount();
    const results = await Promise.all(Array.from({ length: 20 }, () => reserve(id, 3, { idempotencyKey: "race" })));
    expect(results.filter((r) => r.kind === "reserved")).toHaveLength(1);
    expect(results.filter((r) => r.kind === "in_progress")).toHaveLength(19);
    expect(await balanceOf(id)).toBe(97);
  });
});

describe("under concurrency", () => {
  it("200 parallel reservations of 2 against 100 credits: exactly 50 pass, the balance ends at 0, the ledger sums to it", async () => {
    const id = await freshAccount();
    const results = await Promise.all(Array.from({ length: 200 }, () => reserve(id, 2)));
    expect(results.filter((r) => r.kind === "reserved")).toHaveLength(50);
    expect(results.filter((r) => r.kind === "insufficient")).toHaveLength(150);
    expect(await balanceOf(id)).toBe(0);
    expect(await ledgerSum(ctx, id)).toBe(0);
  });

  it("settlements racing the sweep settle each charge exactly once", async () => {
    const id = await freshAccount();
    const charges = await Promise.all(Array.from({ length: 10 }, () => reserve(id, 10)));
    t.clock.advance(RESERVATION_TTL_MS);
    const settles = charges.map((r) =>
      r.kind === "reserved"
        ? settleCharge(ctx, r.chargeId, { charged: 10, detail: {} }).then(
            () => "settled",
            () => "lost",
          )
        : "?",
    );
    const [outcomes] = await Promise.all([Promise.all(settles), sweepOpenCharges(ctx)]);
    const settled = outcomes.filter((o) => o === "settled").length;
    const rows = await ctx.db.select({ status: creditCharges.status }).from(creditCharges).where(eq(creditCharges.accountId, id));
    expect(rows.filter((r) => r.status === "settled")).toHaveLength(settled);
    expect(rows.filter((r) => r.status === "expired")).toHaveLength(10 - settled);
    expect(await balanceOf(id)).toBe(100 - 10 * settled);
    expect(await ledgerSum(ctx, id)).toBe(await balanceOf(id));
  });
});

describe("reservations left open", () => {
  it("are refunded in full once expired, and a late settlement then fails", async () => {
    const id = await freshAccount();
    const r = await reserve(id, 25);
    if (r.kind !== "reserved") throw new Error("not reserved");
    t.clock.advance(RESERVATION_TTL_MS - 1);
    expect(await sweepOpenCharges(ctx)).toBe(0);
    t.clock.advance(1);
    expect(await sweepOpenCharges(ctx)).toBe(1);
    expect(await balanceOf(id)).toBe(100);
    const [row] = await ctx.db.select().from(creditCharges).where(eq(creditCharges.id, r.chargeId));
    expect(row).toMatchObject({ status: "expired", charged: 0 });
    const [entry] = await ledgerEntries(ctx, id, { limit: 1 });
    expect(entry).toMatchObject({ kind: "settle", amount: 25, actor: "system" });
    await expect(settleCharge(ctx, r.chargeId, { charged: 5, detail: {} })).rejects.toThrow(ChargeNotOpenError);
    expect(await ledgerSum(ctx, id)).toBe(100);
  });

  it("lapse at the end of their lease: a retry with the same Idempotency-Key then takes over, and the first is refunded", async () => {
    const id = await freshAccount();
    const same = { idempotencyKey: `lease-${newId("k")}`, leaseMs: 75_000 };
    const first = await reserve(id, 10, same);
    if (first.kind !== "reserved") throw new Error("not reserved");
    t.clock.advance(74_999);
    expect(await reserve(id, 10, same)).toEqual({ kind: "in_progress" });
    t.clock.advance(1);
    const taken = await reserve(id, 10, same);
    expect(taken).toMatchObject({ kind: "reserved", balance: 90 });
    const [old] = await ctx.db.select().from(creditCharges).where(eq(creditCharges.id, first.chargeId));
    expect(old).toMatchObject({ status: "expired", charged: 0, idempotencyKey: null });
    // The first request, if it was alive after all, can no longer settle: nothing is charged twice.
    await expect(settleCharge(ctx, first.chargeId, { charged: 10, detail: {} })).rejects.toThrow(ChargeNotOpenError);
    expect(await ledgerSum(ctx, id)).toBe(await balanceOf(id));
  });

  it("are all refunded by a sweep of everything open (the start of the sole process)", async () => {
    const id = await freshAccount();
    await reserve(id, 7);
    await reserve(id, 3);
    expect(await balanceOf(id)).toBe(90);
    expect(await sweepOpenCharges(ctx, { all: true })).toBeGreaterThanOrEqual(2);
    expect(await balanceOf(id)).toBe(100);
  });
});
