// The one check of a take-profit or stop-loss price typed in a form (the ticket's attached exits, a
// position's): a positive price on the step, on the right side of the price it is judged against.

import { atLeast, isMultipleOf, positiveDecimal } from "@/lib/decimal";

export const EXIT_KINDS = [
  { field: "takeProfit", name: "take-profit", withSide: true },
  { field: "stopLoss", name: "stop-loss", withSide: false },
] as const;

const above = (a: string, b: string) => atLeast(a, b) && !atLeast(b, a);

/**
 * `text` as a price, or why not. `long` (a buy, a long) wants its take-profit above the reference and
 * its stop-loss below; `who` and `against` word the message ("A buy's take-profit goes above its limit (65000).").
 */
export function exitPrice(
  text: string,
  kind: (typeof EXIT_KINDS)[number],
  check: { tick: string; long: boolean; reference: string | null; who: string; against: string },
): { value: string } | { error: string } {
  const price = positiveDecimal(text.trim());
  if (price === null) return { error: "Enter a price such as 64250.5." };
  if (!isMultipleOf(price, check.tick)) return { error: `Prices go in steps of ${check.tick}.` };
  const up = kind.withSide === check.long;
  if (check.reference !== null && (up ? !above(price, check.reference) : !above(check.reference, price)))
    return { error: `A ${check.who}'s ${kind.name} goes ${up ? "above" : "below"} ${check.against}.` };
  return { value: price };
}
