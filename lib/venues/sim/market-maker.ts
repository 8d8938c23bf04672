import type { Side } from "../../engine/types";

export interface QuoteShape {
  /** The venue's price step in base ticks. */
  tickMultiple: number;
  /** Price levels per side. */
  levels: number;
  /** Lots at the best level; deeper levels hold more. */
  lotsAtTouch: number;
  /** Distance from fair value to the best quote, in base ticks (at least one venue tick is enforced). */
  halfSpread: number;
}

/** price (base ticks) → lots */
export type Ladder = Map<number, number>;

/** Deterministic noise in [0, 1) from a price, so a level keeps its size while the quotes move around it. */
function levelNoise(price: number): number {
  let h = Math.imul(price ^ 0x9e3779b9, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4_294_967_296;
}

/** The two-sided ladder a market maker wants around `fair` (base ticks, fractional). */
export function desiredQuotes(fair: number, shape: QuoteShape): { bids: Ladder; asks: Ladder } {
  const step = shape.tickMultiple;
  const half = Math.max(shape.halfSpread, step / 2);
  let bestBid = Math.floor((fair - half) / step) * step;
  let bestAsk = Math.ceil((fair + half) / step) * step;
  if (bestAsk <= bestBid) bestAsk = bestBid + step;
  if (bestBid <= 0) bestBid = step;
  const bids: Ladder = new Map();
  const asks: Ladder = new Map();
  for (let k = 0; k < shape.levels; k++) {
    const growth = 1 + 0.15 * k;
    const bid = bestBid - k * step;
    if (bid > 0) bids.set(bid, Math.max(1, Math.round(shape.lotsAtTouch * growth * (0.7 + 0.6 * levelNoise(bid)))));
    const ask = bestAsk + k * step;
    asks.set(ask, Math.max(1, Math.round(shape.lotsAtTouch * growth * (0.7 + 0.6 * levelNoise(ask)))));
  }
  return { bids, asks };
}

export interface QuoteChange {
  cancel: { side: Side; price: number }[];
  place: { side: Side; price: number; lots: number }[];
}

/**
 * What to cancel and place to move from the current quotes to the desired ones. A level whose size is
 * within `tolerance` of the wish is left alone (it keeps its queue position and costs nothing).
 */
export function quoteChanges(current: { bids: Ladder; asks: Ladder }, desired: { bids: Ladder; asks: Ladder }, tolerance = 0.25): QuoteChange {
  const change: QuoteChange = { cancel: [], place: [] };
  const diff = (side: Side, have: Ladder, want: Ladder) => {
    for (const [price, lots] of have) {
      const wanted = want.get(price);
      if (wanted === undefined || Math.abs(wanted - lots) > tolerance * wanted) change.cancel.push({ side, price });
    }
    for (const [price, lots] of want) {
      const had = have.get(price);
      if (had === undefined || Math.abs(lots - had) > tolerance * lots) change.place.push({ side, price, lots });
    }
  };
  diff("BUY", current.bids, desired.bids);
  diff("SELL", current.asks, desired.asks);
  return change;
}
