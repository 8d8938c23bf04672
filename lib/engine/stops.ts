import { Ladder } from "./ladder";
import { HeldStop } from "./orders";
import type { StopOrder } from "./types";

export function triggers(stop: StopOrder, mark: number): boolean {
  return stop.side === "BUY" ? mark >= stop.triggerPrice : mark <= stop.triggerPrice;
}

/** Untriggered stops, kept aside from the book: buys by rising trigger, sells by falling trigger. */
export class StopBook {
  private readonly buys = new Ladder<HeldStop>("BUY", "LOWEST");
  private readonly sells = new Ladder<HeldStop>("SELL", "HIGHEST");
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
    if ((order.side === "BUY" ? this.buys : this.sells).push(held, order.triggerPrice) === undefined) return false;
    this.byId.set(order.id, held);
    return true;
  }

  remove(id: string): HeldStop | undefined {
    const held = this.byId.get(id);
    if (held === undefined) return undefined;
    (held.order.side === "BUY" ? this.buys : this.sells).remove(held);
    this.byId.delete(id);
    return held;
  }

  /** Takes out every stop that `mark` triggers, oldest first. */
  release(mark: number): StopOrder[] {
    const out: HeldStop[] = [];
    for (const ladder of [this.buys, this.sells]) {
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
