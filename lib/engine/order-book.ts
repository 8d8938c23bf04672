import { type FeeFn, feeFn, type FeeUnits } from "./fees";
import { Ladder } from "./ladder";
import type { Level } from "./level";
import { RestingOrder } from "./orders";
import { positionChange, statusOf } from "./results";
import { StopBook, triggers } from "./stops";
import type {
  AckReason,
  BookSnapshot,
  CanceledOrder,
  CancelResult,
  Fill,
  LevelDelta,
  LimitOrder,
  MakerCancelReason,
  MatchResult,
  OrderRequest,
  OrderStatus,
  OrderView,
  RejectReason,
  Side,
  StopLimitOrder,
  StopOrder,
} from "./types";
import { isTriggerType } from "./types";
import { invalidReason } from "./validate";

export interface BookConfig extends FeeUnits {
  /** Basis points as decimal strings; negative is a rebate. */
  readonly makerFeeBps: string;
  readonly takerFeeBps: string;
  /**
   * The owner's signed position at this venue in lots (long > 0), including every fill this book returned
   * before the current call; the book adds the fills of the call in progress. Read only for reduce-only
   * orders. Defaults to flat, so reduce-only orders are refused.
   */
  readonly positionOf?: (owner: string) => number;
}

/** Shared by every result with nothing to list; never pushed to (the book swaps in a fresh array first). */
const NONE: never[] = Object.freeze([]) as never[];

/**
 * One market's limit order book and matching engine: price-time priority, no I/O, no clock of its own.
 * Every call returns plain data: what happened to the order, the fills, the resting orders cancelled as
 * a side effect and the changed levels.
 */
export class OrderBook {
  private readonly bids = new Ladder<RestingOrder>("BUY", "HIGHEST");
  private readonly asks = new Ladder<RestingOrder>("SELL", "LOWEST");
  private readonly resting = new Map<string, RestingOrder>();
  private readonly stops = new StopBook();
  private readonly makerFee: FeeFn;
  private readonly takerFee: FeeFn;
  private readonly positionOf: (owner: string) => number;
  private fillSeq = 0;
  private updateId = 0;
  private lastMark: number | undefined;

  // Scratch of the operation in progress.
  private opId = 0;
  private fills: Fill[] = [];
  private canceled: CanceledOrder[] = [];
  /** Levels changed by the operation: the first `touchedCount` entries (the array is reused). */
  private readonly touched: Level<RestingOrder>[] = [];
  private touchedCount = 0;
  /** Fills of earlier results in the same call (stops released by one mark), for reduce-only checks. */
  private callFills: (readonly Fill[])[] = NONE;

  constructor(config: BookConfig) {
    this.makerFee = feeFn(config, config.makerFeeBps);
    this.takerFee = feeFn(config, config.takerFeeBps);
    this.positionOf = config.positionOf ?? (() => 0);
  }

  bestBid(): number | undefined {
    return this.bids.best()?.price;
  }

  bestAsk(): number | undefined {
    return this.asks.best()?.price;
  }

  snapshot(depth = Number.MAX_SAFE_INTEGER): BookSnapshot {
    return { bids: this.bids.top(depth), asks: this.asks.top(depth), updateId: this.updateId };
  }

  /** A live order: resting, or held as an untriggered stop. */
  order(orderId: string): OrderView | undefined {
    return (this.resting.get(orderId) ?? this.stops.get(orderId))?.view();
  }

  submit(order: OrderRequest, now: number): MatchResult {
    this.callFills = NONE;
    this.beginOp();
    const refused = this.refusal(order);
    if (refused !== null) return this.reject(order, refused);
    if (isTriggerType(order.type)) {
      if (!this.stops.hold(order as StopOrder)) return this.reject(order, "LEVEL_SIZE_LIMIT");
      return this.result(order, "NEW", undefined, 0, order.size, true);
    }
    return this.execute(order, now);
  }

  cancel(orderId: string): CancelResult {
    const node = this.resting.get(orderId);
    if (node !== undefined) {
      this.beginOp();
      const order = node.view();
      this.unrest(node);
      const deltas = this.deltas();
      return { found: true, order, deltas, updateId: this.updateId };
    }
    const held = this.stops.remove(orderId);
    if (held !== undefined) return { found: true, order: held.view(), deltas: NONE, updateId: this.updateId };
    return { found: false, orderId };
  }

  /**
   * Records the mark and runs every stop it triggers, oldest first; one result per released stop. Once a
   * mark is known, a new stop that it would already trigger is refused (STOP_WOULD_TRIGGER).
   */
  onMarkPrice(mark: number, now: number): MatchResult[] {
    if (!Number.isSafeInteger(mark) || mark <= 0) throw new RangeError(`mark must be a positive safe integer of ticks: ${mark}`);
    this.lastMark = mark;
    this.callFills = [];
    const results: MatchResult[] = [];
    for (const stop of this.stops.release(mark)) {
      this.beginOp();
      const result = this.execute(stop, now);
      results.push(result);
      if (result.fills.length > 0) this.callFills.push(result.fills);
    }
    return results;
  }

  private refusal(order: OrderRequest): RejectReason | null {
    const invalid = invalidReason(order);
    if (invalid !== null) return invalid;
    if (this.resting.has(order.id) || this.stops.has(order.id)) return "DUPLICATE_ORDER_ID";
    if (isTriggerType(order.type) && this.lastMark !== undefined && triggers(order as StopOrder, this.lastMark)) return "STOP_WOULD_TRIGGER";
    return null;
  }

  /** Matches an active (market, limit or triggered stop) order, then rests or cancels what is left. */
  private execute(order: OrderRequest, now: number): MatchResult {
    const isLimit = "price" in order;
    const tif = order.timeInForce ?? (isLimit ? "GTC" : "IOC");
    const buy = order.side === "BUY";
    const limit = isLimit ? order.price : (order.protectionPrice ?? (buy ? Number.MAX_SAFE_INTEGER : 0));
    const best = (buy ? this.asks : this.bids).best();
    const crosses = best !== undefined && (buy ? best.price <= limit : best.price >= limit);

    let size = order.size;
    let reason: AckReason | undefined;
    if (order.reduceOnly === true) {
      const allowed = this.reducible(order.owner, order.side);
      if (allowed === 0) return this.reject(order, "REDUCE_ONLY_WOULD_INCREASE");
      if (allowed < size) [size, reason] = [allowed, "REDUCE_ONLY_CAPPED"];
    }
    if (tif === "POST_ONLY" && crosses) return this.reject(order, "POST_ONLY_WOULD_CROSS");
    if (!isLimit && !crosses) return this.reject(order, best === undefined ? "NO_LIQUIDITY" : "PRICE_PROTECTION");
    if (tif === "FOK" && this.fillable(order, limit, size) < size) return this.reject(order, "FOK_WOULD_NOT_FILL");

    const left = crosses ? this.match(order, size, limit, now) : size;
    let open = 0;
    if (left > 0) {
      if (!isLimit) reason = (buy ? this.asks : this.bids).depth === 0 ? "NO_LIQUIDITY" : "PRICE_PROTECTION";
      else if (tif === "IOC") reason = "IOC_REMAINDER";
      else if (this.rest(order, left, size - left)) open = left;
      else reason = "LEVEL_SIZE_LIMIT";
    }
    return this.finish(order, size - left, open, reason);
  }

  /**
   * What `match` would fill of `size` up to `limit`, read without touching the book: the taker's own
   * orders are skipped (match cancels them) and reduce-only makers count what their owners can reduce.
   */
  private fillable(taker: OrderRequest, limit: number, size: number): number {
    const buy = taker.side === "BUY";
    const book = buy ? this.asks : this.bids;
    const reducible = new Map<string, number>();
    let lots = 0;
    for (const level of book.fromBest()) {
      if ((buy ? level.price > limit : level.price < limit) || lots >= size) break;
      for (let maker = level.head; maker !== null && lots < size; maker = maker.next) {
        if (maker.owner === taker.owner) continue;
        if (!maker.reduceOnly) {
          lots += maker.remaining;
          continue;
        }
        const left = reducible.get(maker.owner) ?? this.reducible(maker.owner, maker.side);
        const taken = Math.min(left, maker.remaining);
        reducible.set(maker.owner, left - taken);
        lots += taken;
      }
    }
    return lots;
  }

  /** Takes liquidity up to `limit`; returns the lots left. */
  private match(taker: OrderRequest, size: number, limit: number, now: number): number {
    const buy = taker.side === "BUY";
    const book = buy ? this.asks : this.bids;
    let left = size;
    for (let level = book.best(); level !== undefined && left > 0; level = book.best()) {
      if (buy ? level.price > limit : level.price < limit) break;
      for (let maker = level.head; maker !== null && left > 0; ) {
        const next = maker.next;
        if (maker.owner === taker.owner) {
          this.cancelMaker(maker, maker.remaining, "SELF_TRADE");
        } else if (!maker.reduceOnly || this.trimReduceOnly(maker)) {
          const lots = Math.min(left, maker.remaining);
          this.fill(maker, taker, lots, now);
          left -= lots;
        }
        maker = next;
      }
    }
    return left;
  }

  private fill(maker: RestingOrder, taker: OrderRequest, lots: number, now: number): void {
    const level = maker.level!;
    const price = level.price;
    this.touch(level);
    maker.filled += lots;
    if (lots === maker.remaining) this.unrest(maker);
    else level.reduce(maker, lots);
    const tickLots = BigInt(price) * BigInt(lots);
    if (this.fills === NONE) this.fills = [];
    this.fills.push({
      seq: ++this.fillSeq,
      makerOrderId: maker.id,
      takerOrderId: taker.id,
      makerOwner: maker.owner,
      takerOwner: taker.owner,
      takerSide: taker.side,
      price,
      size: lots,
      makerFee: this.makerFee(tickLots),
      takerFee: this.takerFee(tickLots),
      timestamp: now,
    });
  }

  /** Shrinks a resting reduce-only order to what its owner can still reduce; false if nothing is left. */
  private trimReduceOnly(maker: RestingOrder): boolean {
    const allowed = this.reducible(maker.owner, maker.side);
    if (allowed >= maker.remaining) return true;
    this.cancelMaker(maker, maker.remaining - allowed, "REDUCE_ONLY");
    return allowed > 0;
  }

  private cancelMaker(maker: RestingOrder, lots: number, reason: MakerCancelReason): void {
    const level = maker.level!;
    this.touch(level);
    if (lots === maker.remaining) this.unrest(maker);
    else level.reduce(maker, lots);
    const openSize = maker.level === null ? 0 : maker.remaining;
    if (this.canceled === NONE) this.canceled = [];
    this.canceled.push({ orderId: maker.id, owner: maker.owner, side: maker.side, price: maker.price, canceledSize: lots, openSize, reason });
  }

  private rest(order: LimitOrder | StopLimitOrder, lots: number, filled: number): boolean {
    const price = order.price;
    const node = new RestingOrder(order.id, order.owner, order.side, order.type, price, order.size, lots, filled, order.reduceOnly === true);
    const level = (order.side === "BUY" ? this.bids : this.asks).push(node, price);
    if (level === undefined) return false;
    this.touch(level);
    this.resting.set(order.id, node);
    return true;
  }

  private unrest(node: RestingOrder): void {
    this.touch(node.level!);
    (node.side === "BUY" ? this.bids : this.asks).remove(node);
    this.resting.delete(node.id);
  }

  /** Lots `owner` may trade on `side` without growing or flipping the position. */
  private reducible(owner: string, side: Side): number {
    let position = this.positionOf(owner);
    if (!Number.isSafeInteger(position)) throw new RangeError(`positionOf(${owner}) must be a safe integer of lots: ${position}`);
    for (const fills of this.callFills) for (const fill of fills) position += positionChange(fill, owner);
    for (const fill of this.fills) position += positionChange(fill, owner);
    if (side === "BUY") return position < 0 ? -position : 0;
    return Math.max(position, 0);
  }

  private beginOp(): void {
    this.opId++;
    this.fills = NONE;
    this.canceled = NONE;
    this.touchedCount = 0;
  }

  private touch(level: Level<RestingOrder>): void {
    if (level.stamp === this.opId) return;
    level.stamp = this.opId;
    this.touched[this.touchedCount++] = level;
  }

  private deltas(): readonly LevelDelta[] {
    if (this.touchedCount === 0) return NONE;
    this.updateId++;
    const deltas: LevelDelta[] = [];
    for (let i = 0; i < this.touchedCount; i++) {
      const level = this.touched[i]!;
      deltas.push({ side: level.side, price: level.price, size: level.size, count: level.count });
    }
    return deltas;
  }

  private reject(order: OrderRequest, reason: RejectReason): MatchResult {
    return this.result(order, "REJECTED", reason, 0, 0, false);
  }

  private finish(order: OrderRequest, filled: number, open: number, reason: AckReason | undefined): MatchResult {
    return this.result(order, statusOf(order.size, filled, open), reason, filled, open, false);
  }

  private result(order: OrderRequest, status: OrderStatus, reason: AckReason | undefined, filled: number, open: number, held: boolean): MatchResult {
    const deltas = this.deltas();
    return {
      ack: {
        orderId: order.id,
        owner: order.owner,
        side: order.side,
        type: order.type,
        status,
        reason,
        size: order.size,
        filledSize: filled,
        openSize: open,
        canceledSize: order.size - filled - open,
        held,
      },
      fills: this.fills,
      canceled: this.canceled,
      deltas,
      updateId: this.updateId,
    };
  }
}
