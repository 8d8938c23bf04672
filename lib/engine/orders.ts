import type { Level, Queued } from "./level";
import type { OrderView, Side, StopOrder } from "./types";

/** A limit order (or a triggered stop-limit) resting in the book. */
export class RestingOrder implements Queued<RestingOrder> {
  prev: RestingOrder | null = null;
  next: RestingOrder | null = null;
  level: Level<RestingOrder> | null = null;

  constructor(
    readonly id: string,
    readonly owner: string,
    readonly side: Side,
    readonly type: "LIMIT" | "STOP_LIMIT" | "TAKE_PROFIT_LIMIT",
    readonly price: number,
    readonly size: number,
    public remaining: number,
    public filled: number,
    readonly reduceOnly: boolean,
  ) {}

  view(): OrderView {
    return {
      orderId: this.id,
      owner: this.owner,
      side: this.side,
      type: this.type,
      price: this.price,
      size: this.size,
      filledSize: this.filled,
      openSize: this.remaining,
      reduceOnly: this.reduceOnly,
      held: false,
    };
  }
}

/** A stop waiting for its trigger; queued by trigger price. */
export class HeldStop implements Queued<HeldStop> {
  prev: HeldStop | null = null;
  next: HeldStop | null = null;
  level: Level<HeldStop> | null = null;
  remaining: number;

  constructor(
    readonly order: StopOrder,
    /** Arrival order, to release stops triggered together oldest first. */
    readonly seq: number,
  ) {
    this.remaining = order.size;
  }

  view(): OrderView {
    const o = this.order;
    return {
      orderId: o.id,
      owner: o.owner,
      side: o.side,
      type: o.type,
      ...("price" in o ? { price: o.price } : {}),
      triggerPrice: o.triggerPrice,
      size: o.size,
      filledSize: 0,
      openSize: o.size,
      reduceOnly: o.reduceOnly === true,
      held: true,
    };
  }
}
