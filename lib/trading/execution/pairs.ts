// Pair trades: a long and a short on one venue, half the notional each. The pair row (with its legs'
// order ids) is written before either leg is sent; if the second leg fails, the first is unwound, and a
// pair a crash left OPENING is unwound by recoverPairs. No half-open pair is left.
import { and, desc, eq, lt } from "drizzle-orm";
import type { ParentOrderView } from "../contract/orders";
import type { OpenPairInput, PairLegView, PairView } from "../contract/pairs";
import type { Side, Venue } from "../../venues/venue";
import type { Caller, ExecOptions, TradingContext } from "./context";
import { invalid, TradingError } from "./errors";
import { childrenOf, clientIdOf, executeParent, loadParent } from "./execute";
import { averagePrice, formatAtoms, formatLots, formatTicks, marketOf, notionalOf, usdAtoms, type Market } from "../units";
import { venueNamed } from "./venues";
import { idempotent, proposed, type Executed } from "./orders";
import { setLeverage } from "./leverage";
import { lotsForNotional } from "./positions";
import { assertRiskAllows } from "./risk/gate";
import { pairTrades, tradeChildOrders } from "../schema";
import { MAX_SLIPPAGE, protectionPrice, slippageFraction, slippagePpm } from "./slippage";

type PairRow = typeof pairTrades.$inferSelect;
const LEASE_MS = 30_000;
const UNWIND_PPM = Math.round(MAX_SLIPPAGE * 1_000_000);

const legIds = (id: string) => ({ longOpenId: `${id}.L`, shortOpenId: `${id}.S`, longCloseId: `${id}.LC`, shortCloseId: `${id}.SC` });

/**
 * Opens a pair (OpenPair): both legs at market on one venue that takes pairs (alder by default), the
 * long sized to half the notional and the short to what the long filled. Sets `leverage` on both
 * symbols first. A failed second leg unwinds the first and answers 422 (kind "rejected").
 */
export async function openPair(ctx: TradingContext, caller: Caller, input: OpenPairInput, options: ExecOptions = {}): Promise<Executed<PairView>> {
  const long = marketOf(input.longSymbol);
  const short = marketOf(input.shortSymbol);
  if (input.longSymbol === input.shortSymbol) throw invalid("shortSymbol: must differ from longSymbol");
  if (input.leverage < 1) throw invalid("leverage: must be at least 1");
  const venue = pairVenue(ctx, input.venue);
  for (const m of [long, short]) if (!venue.markets().some((x) => x.symbol === m.spec.symbol)) throw invalid(`${m.spec.symbol} is not traded on ${venue.name}`);
  const notional = usdAtoms(input.notionalUsd, "notionalUsd");
  const ppm = slippagePpm(input.slippage);
  const longLots = lotsForNotional(long, [venue], notional / 2n);
  lotsForNotional(short, [venue], notional / 2n);

  return idempotent(ctx, caller, "POST /agent/pair/open", input, options, (id) =>
    ctx.lock(caller.ownerId, async () => {
      const db = ctx.database.db;
      const [existing] = await db.select().from(pairTrades).where(eq(pairTrades.id, id));
      if (existing !== undefined) return pairView(ctx, existing.status === "OPENING" ? await unwind(ctx, existing, "interrupted while opening") : existing);
      const shortLotsPlanned = lotsForNotional(short, [venue], notional / 2n);
      const intents = [
        { market: long, side: "BUY", type: "MARKET", lots: longLots, reduceOnly: false, slippagePpm: ppm, venues: [venue] },
        { market: short, side: "SELL", type: "MARKET", lots: shortLotsPlanned, reduceOnly: false, slippagePpm: ppm, venues: [venue] },
      ] as const;
      await assertRiskAllows(
        ctx,
        caller,
        intents.map(proposed),
        [input.longSymbol, input.shortSymbol].map((symbol) => ({ symbol, leverage: input.leverage })),
      );
      await setLeverage(ctx, caller.ownerId, [venue], input.longSymbol, input.leverage);
      await setLeverage(ctx, caller.ownerId, [venue], input.shortSymbol, input.leverage);
      const now = ctx.clock.now();
      const ids = legIds(id);
      const [row] = await db
        .insert(pairTrades)
        .values({
          id,
          ownerId: caller.ownerId,
          keyId: caller.keyId,
          venue: venue.name,
          longSymbol: input.longSymbol,
          shortSymbol: input.shortSymbol,
          notional,
          leverage: input.leverage,
          slippagePpm: ppm,
          status: "OPENING",
          longOpenId: ids.longOpenId,
          shortOpenId: ids.shortOpenId,
          leaseUntil: now + LEASE_MS,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const pair = row!;
      try {
        const longLeg = await sendLeg(ctx, caller, ids.longOpenId, "pair_open", venue, long, "BUY", longLots, ppm, false);
        const longFilled = await filledOf(ctx, ids.longOpenId);
        if (longFilled.lots === 0) return failed(ctx, pair, `the long leg was not filled (${longLeg?.outcome ?? "nothing sent"})`);
        // The short matches what the long actually bought, so the basket stays even.
        const shortLots = Number(longFilled.value / notionalOf(short, ticker(venue, short), 1));
        const shortLeg = shortLots > 0 ? await sendLeg(ctx, caller, ids.shortOpenId, "pair_open", venue, short, "SELL", shortLots, ppm, false) : undefined;
        if (shortLeg === undefined || (await filledOf(ctx, ids.shortOpenId)).lots === 0) {
          const unwound = await unwind(ctx, pair, `the short leg failed (${shortLeg?.outcome ?? "below one lot"}); the long leg was unwound`);
          return failed(ctx, unwound, unwound.failure!);
        }
        return pairView(ctx, await setStatus(ctx, pair, "OPEN"));
      } catch (err) {
        if (err instanceof TradingError) throw err;
        // A venue failed mid-way: unwind what filled, or leave the row OPENING for recoverPairs.
        await unwind(ctx, pair, "a venue failed while opening; what had filled was unwound").catch(() => {});
        throw err;
      }
    }),
  );
}

/** Closes an open pair: both legs at market, reduce-only, at once. 404 for another owner's pair, 409 unless OPEN (or CLOSING, to retry). */
export async function closePair(ctx: TradingContext, caller: Caller, id: string, options: ExecOptions = {}): Promise<Executed<PairView>> {
  return idempotent(ctx, caller, "POST /agent/pair/{id}/close", { id }, options, () =>
    ctx.lock(caller.ownerId, async () => {
      const db = ctx.database.db;
      const [pair] = await db
        .select()
        .from(pairTrades)
        .where(and(eq(pairTrades.id, id), eq(pairTrades.ownerId, caller.ownerId)));
      if (pair === undefined) throw new TradingError("not_found", `No pair ${id} of yours.`);
      if (pair.status !== "OPEN" && pair.status !== "CLOSING")
        throw new TradingError("conflict", `Pair ${id} is ${pair.status}; only an open pair can be closed.`);
      const venue = venueNamed(ctx.venues, pair.venue);
      const ids = legIds(pair.id);
      const closing = await setStatus(ctx, pair, "CLOSING", { longCloseId: ids.longCloseId, shortCloseId: ids.shortCloseId });
      const [longOpen, shortOpen] = await Promise.all([filledOf(ctx, pair.longOpenId), filledOf(ctx, pair.shortOpenId)]);
      await Promise.all([
        sendLeg(ctx, caller, ids.longCloseId, "pair_close", venue, marketOf(pair.longSymbol), "SELL", longOpen.lots, UNWIND_PPM, true),
        sendLeg(ctx, caller, ids.shortCloseId, "pair_close", venue, marketOf(pair.shortSymbol), "BUY", shortOpen.lots, UNWIND_PPM, true),
      ]);
      const [longClosed, shortClosed] = await Promise.all([filledOf(ctx, ids.longCloseId), filledOf(ctx, ids.shortCloseId)]);
      const done = longClosed.lots === longOpen.lots && shortClosed.lots === shortOpen.lots;
      return pairView(ctx, done ? await setStatus(ctx, closing, "CLOSED", { closedAt: true }) : closing);
    }),
  );
}

/** The owner's pairs, newest first, with legs, entry prices and basket PnL at the current marks. */
export async function listPairs(ctx: TradingContext, ownerId: string, limit = 100): Promise<PairView[]> {
  const rows = await ctx.database.db.select().from(pairTrades).where(eq(pairTrades.ownerId, ownerId)).orderBy(desc(pairTrades.createdAt)).limit(limit);
  return Promise.all(rows.map((r) => pairView(ctx, r)));
}

/**
 * Unwinds every pair a crash left OPENING (lease lapsed): a leg whose venue answer was never recorded is
 * first fenced (its client order id taken by an order that cannot fill, so the venue returns the
 * original if it got it), then what filled is closed. Run at start and now and then; returns how many.
 */
export async function recoverPairs(ctx: TradingContext): Promise<number> {
  const stale = await ctx.database.db
    .select()
    .from(pairTrades)
    .where(and(eq(pairTrades.status, "OPENING"), lt(pairTrades.leaseUntil, ctx.clock.now())));
  for (const pair of stale) await ctx.lock(pair.ownerId, () => unwind(ctx, pair, "interrupted while opening; what had filled was unwound"));
  return stale.length;
}

// ---- internals ---------------------------------------------------------------------------------------

function pairVenue(ctx: TradingContext, name: string | undefined): Venue {
  const venue = name === undefined ? ctx.venues.find((v) => v.pairTrading) : venueNamed(ctx.venues, name);
  if (venue === undefined) throw new TradingError("unavailable", "No venue taking pair trades is running.");
  if (!venue.pairTrading)
    throw invalid(
      `venue: ${venue.name} does not take pair trades; use ${ctx.venues
        .filter((v) => v.pairTrading)
        .map((v) => v.name)
        .join(" or ")}`,
    );
  return venue;
}

function ticker(venue: Venue, market: Market): number {
  const mark = venue.ticker(market.spec.symbol)?.markPrice;
  if (mark === undefined || mark <= 0) throw new TradingError("conflict", `${venue.name} has no price for ${market.spec.symbol} yet`);
  return mark;
}

/** One leg as a parent order with one child on the pair's venue. */
async function sendLeg(
  ctx: TradingContext,
  caller: Caller,
  id: string,
  source: "pair_open" | "pair_close" | "pair_unwind",
  venue: Venue,
  market: Market,
  side: Side,
  lots: number,
  ppm: number,
  reduceOnly: boolean,
): Promise<ParentOrderView | undefined> {
  if (lots <= 0) return undefined;
  const order = {
    symbol: market.spec.symbol,
    side,
    type: "MARKET" as const,
    size: lots,
    reduceOnly,
    protectionPrice: protectionPrice(side, ticker(venue, market), ppm),
  };
  return executeParent(ctx, caller, { id, source, symbol: market.spec.symbol, side, type: "MARKET", lots, reduceOnly, venue: venue.name, slippagePpm: ppm }, [
    { venue, order },
  ]);
}

/** What a leg's orders filled, exactly: lots, Σ price × size and fees (quote atoms). */
interface Filled {
  lots: number;
  value: bigint;
  fees: bigint;
}

async function filledOf(ctx: TradingContext, parentId: string | null): Promise<Filled> {
  const rows = parentId === null ? [] : await childrenOf(ctx.database.db, [parentId]);
  return {
    lots: rows.reduce((s, c) => s + c.filledLots, 0),
    value: rows.reduce((s, c) => s + c.filledNotional, 0n),
    fees: rows.reduce((s, c) => s + c.fees, 0n),
  };
}

/** Fences legs with no recorded answer, then closes whatever the legs filled; FAILED when flat. */
async function unwind(ctx: TradingContext, pair: PairRow, why: string): Promise<PairRow> {
  const caller = { ownerId: pair.ownerId, keyId: pair.keyId };
  const venue = venueNamed(ctx.venues, pair.venue);
  const legs = [
    { openId: pair.longOpenId, market: marketOf(pair.longSymbol), close: "SELL" as const, suffix: "UL" },
    { openId: pair.shortOpenId, market: marketOf(pair.shortSymbol), close: "BUY" as const, suffix: "US" },
  ];
  let flat = true;
  for (const leg of legs) {
    await fenceUnanswered(ctx, pair.ownerId, venue, leg.openId, leg.market, leg.close === "SELL" ? "BUY" : "SELL");
    const filled = (await filledOf(ctx, leg.openId)).lots;
    const closeId = `${pair.id}.${leg.suffix}`;
    await sendLeg(ctx, caller, closeId, "pair_unwind", venue, leg.market, leg.close, filled, UNWIND_PPM, true);
    if ((await filledOf(ctx, closeId)).lots < filled) flat = false;
  }
  return flat ? setStatus(ctx, pair, "FAILED", { failure: why }) : pair;
}

/** A leg child still PENDING: place an order with its client id that cannot fill; the venue returns the original if it had it. */
async function fenceUnanswered(ctx: TradingContext, ownerId: string, venue: Venue, parentId: string, market: Market, side: Side): Promise<void> {
  const [child] = await childrenOf(ctx.database.db, [parentId]);
  if (child === undefined || child.status !== "PENDING") return;
  const tick = venue.markets().find((m) => m.symbol === market.spec.symbol)!.tickMultiple;
  const far = side === "BUY" ? tick : Math.ceil((ticker(venue, market) * 100) / tick) * tick;
  const outcome = await venue.place(ownerId, {
    symbol: market.spec.symbol,
    side,
    type: "LIMIT",
    size: child.lots,
    price: far,
    timeInForce: "IOC",
    reduceOnly: true,
    clientOrderId: clientIdOf(parentId, venue.name),
  });
  const answer = outcome.ok && outcome.order.clientOrderId === child.clientOrderId && outcome.order.type === "MARKET" ? outcome.order : undefined;
  await ctx.database.db
    .update(tradeChildOrders)
    .set(
      answer
        ? {
            venueOrderId: answer.orderId,
            status: answer.status,
            filledLots: answer.filledSize,
            filledNotional: answer.filledNotional,
            fees: answer.fees,
            reason: answer.reason,
            updatedAt: answer.updatedAt,
          }
        : { status: "REJECTED", reason: "NOT_SENT", updatedAt: ctx.clock.now() },
    )
    .where(eq(tradeChildOrders.clientOrderId, child.clientOrderId));
}

async function failed(ctx: TradingContext, pair: PairRow, why: string): Promise<never> {
  if (pair.status !== "FAILED") await setStatus(ctx, pair, "FAILED", { failure: why });
  throw new TradingError("rejected", `The pair was not opened: ${why}. Nothing is left open.`);
}

async function setStatus(
  ctx: TradingContext,
  pair: PairRow,
  status: PairRow["status"],
  extra: { longCloseId?: string; shortCloseId?: string; failure?: string; closedAt?: boolean } = {},
): Promise<PairRow> {
  const now = ctx.clock.now();
  const { closedAt: _closed, ...fields } = extra;
  const [row] = await ctx.database.db
    .update(pairTrades)
    .set({ status, updatedAt: now, leaseUntil: now + LEASE_MS, ...fields })
    .where(eq(pairTrades.id, pair.id))
    .returning();
  return row!;
}

async function pairView(ctx: TradingContext, pair: PairRow): Promise<PairView> {
  const db = ctx.database.db;
  const load = (id: string | null) => (id === null ? Promise.resolve(undefined) : loadParent(db, pair.ownerId, id));
  // A failed pair's legs were closed by its unwind orders instead.
  const longClose = pair.longCloseId ?? `${pair.id}.UL`;
  const shortClose = pair.shortCloseId ?? `${pair.id}.US`;
  const [lo, so, lc, sc] = await Promise.all([load(pair.longOpenId), load(pair.shortOpenId), load(longClose), load(shortClose)]);
  const [flo, fso, flc, fsc] = await Promise.all([pair.longOpenId, pair.shortOpenId, longClose, shortClose].map((id) => filledOf(ctx, id)));
  const venue = ctx.venues.find((v) => v.name === pair.venue);
  const legs = [
    legView(venue, "LONG", pair.longSymbol, { order: lo, filled: flo! }, { order: lc, filled: flc! }),
    legView(venue, "SHORT", pair.shortSymbol, { order: so, filled: fso! }, { order: sc, filled: fsc! }),
  ];
  const pnl = legs.reduce((s, l) => s + l.pnlAtoms, 0n);
  return {
    id: pair.id,
    venue: pair.venue,
    status: pair.status,
    longSymbol: pair.longSymbol,
    shortSymbol: pair.shortSymbol,
    notionalUsd: formatAtoms(pair.notional),
    leverage: pair.leverage,
    slippage: slippageFraction(pair.slippagePpm),
    legs: legs.map(({ pnlAtoms: _p, ...l }) => l),
    basketPnl: formatAtoms(pnl),
    failure: pair.failure,
    createdAt: new Date(pair.createdAt).toISOString(),
    updatedAt: new Date(pair.updatedAt).toISOString(),
  };
}

type Leg = { order: ParentOrderView | undefined; filled: Filled };

function legView(venue: Venue | undefined, side: "LONG" | "SHORT", symbol: string, open: Leg, close: Leg): PairLegView & { pnlAtoms: bigint } {
  const m = marketOf(symbol);
  const o = open.filled;
  const c = close.filled;
  const held = Math.max(0, o.lots - c.lots);
  const mark = venue?.ticker(symbol)?.markPrice;
  const heldValue = mark === undefined ? 0n : notionalOf(m, mark, held);
  const gross = side === "LONG" ? c.value + heldValue - o.value : o.value - c.value - heldValue;
  const fees = o.fees + c.fees;
  return {
    side,
    symbol,
    quantity: formatLots(m, held),
    entryPrice: averagePrice(m, o.value, o.lots),
    exitPrice: averagePrice(m, c.value, c.lots),
    markPrice: mark === undefined ? null : formatTicks(m, mark),
    pnl: formatAtoms(gross - fees),
    fees: formatAtoms(fees),
    openOrder: open.order ?? null,
    closeOrder: close.order ?? null,
    pnlAtoms: gross - fees,
  };
}
