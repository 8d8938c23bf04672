// The grouping a market's book opens with. The finest tick of a high-priced market is a tiny fraction
// of its price (0.1 on BTC near 60,000 is 0.02 bp), so a screenful of such levels shows a sliver of the
// book and often one venue only; the book opens instead at the finest offered group at least 1 bp wide.

/** Group widths offered, in multiples of the market's tick. */
export const GROUPS = [1, 10, 100, 1000] as const;

const ONE_BP = 1e-4;

export function defaultGroup(tickSize: string, price: string | null): number {
  const tick = Number(tickSize);
  const reference = Number(price);
  if (!(tick > 0) || !(reference > 0)) return GROUPS[0];
  return GROUPS.find((group) => group * tick >= reference * ONE_BP) ?? GROUPS[GROUPS.length - 1]!;
}
