import { Ladder } from "./ladder";
import { HeldStop } from "./orders";
import { isTakeProfitType, type StopOrder } from "./types";

/** Whether the order triggers on a rising mark (mark ≥ trigger): buy stops and sell take-profits. */
function triggersRising(stop: StopOrder): boolean {
  return (stop.side === "BUY") !== isTakeProfitType(stop.type);
}

export function triggers(stop: StopOrder, mark: number): boolean {
  return triggersRising(stop) ? mark >= stop.triggerPrice : mark <= stop.triggerPrice;
}

/** Untriggered stops and take-profits, kept aside from the book: those a rising mark triggers by rising trigger, the others by falling trigger. */
export class StopBook {
  private readonly rising = new Ladder<HeldStop>("BUY", "LOWEST");
  private readonly falling = new Ladder<HeldStop>("SELL", "HIGHEST");
  private readonly byId = new Map<string, HeldStop>();
  private seq = 0;

  has(id: string): boolean {
    return this.byId.size > 0 && this.byId.has(id);
  }

  get(id: string): HeldStop | undefined {
    return this.byId.get(id);
  }

  /** False if the stops at that trigger would hold more lots than a safe integer. */
  hold(order: StopOrder): boolean {
    const held = new HeldStop({ ...order }, ++this.seq); // a copy: the caller may reuse its request object
    if (this.ladderOf(order).push(held, order.triggerPrice) === undefined) return false;
    this.byId.set(order.id, held);
    return true;
  }

  private ladderOf(order: StopOrder): Ladder<HeldStop> {
    return triggersRising(order) ? this.rising : this.falling;
  }

  remove(id: string): HeldStop | undefined {
    const held = this.byId.get(id);
    if (held === undefined) return undefined;
    this.ladderOf(held.order).remove(held);
    this.byId.delete(id);
    return held;
  }

  /** Takes out every stop that `mark` triggers, oldest first. */
  release(mark: number): StopOrder[] {
    const out: HeldStop[] = [];
    for (const ladder of [this.rising, this.falling]) {
      for (let level = ladder.best(); level !== undefined && triggers(level.head!.order, mark); level = ladder.best()) {
        for (let held = level.head; held !== null; held = level.head) {
          ladder.remove(held);
          this.byId.delete(held.order.id);
          out.push(held);
        }
      }
    }
    return out.sort((a, b) => a.seq - b.seq).map((held) => held.order);
  }
}
