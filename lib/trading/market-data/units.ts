import type { MarketSpec } from "../../venues/catalog";
import { stepFormatter } from "./format";

/** How one market's integers leave the API. */
export interface MarketFormat {
  price: (ticks: number) => string;
  size: (lots: number) => string;
}

const cache = new WeakMap<MarketSpec, MarketFormat>();

export function marketFormat(spec: MarketSpec): MarketFormat {
  let f = cache.get(spec);
  if (f === undefined) {
    f = { price: stepFormatter(spec.baseTick), size: stepFormatter(spec.lot) };
    cache.set(spec, f);
  }
  return f;
}
