import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Ladder } from "./ladder";
import type { Level, Queued } from "./level";

class Node implements Queued<Node> {
  prev: Node | null = null;
  next: Node | null = null;
  level: Level<Node> | null = null;
  constructor(
    readonly price: number,
    public remaining: number,
  ) {}
}

const add = fc.record({ add: fc.constant(true as const), price: fc.integer({ min: 1, max: 5000 }), size: fc.integer({ min: 1, max: 9 }) });
const remove = fc.record({ add: fc.constant(false as const), pick: fc.nat() });
const mostly = (a: typeof add | typeof remove, b: typeof add | typeof remove) =>
  fc.array(fc.oneof({ weight: 4, arbitrary: a }, { weight: 1, arbitrary: b }), { minLength: 1500, maxLength: 3000 });
// Grow to a couple of thousand levels (chunks split), then shrink (chunks merge and vanish).
const steps = fc.tuple(mostly(add, remove), mostly(remove, add)).map(([grow, shrink]) => [...grow, ...shrink]);

describe("ladder", () => {
  for (const best of ["HIGHEST", "LOWEST"] as const) {
    it(`keeps levels sorted, best (${best.toLowerCase()}) first, through splits and merges`, () => {
      fc.assert(
        fc.property(steps, (steps) => {
          const ladder = new Ladder<Node>("BUY", best);
          const live: Node[] = [];
          const expected = new Map<number, { size: number; count: number }>();
          for (const s of steps) {
            if (s.add || live.length === 0) {
              const price = s.add ? s.price : 1;
              const node = new Node(price, s.add ? s.size : 1);
              expect(ladder.push(node, price)).toBe(node.level);
              live.push(node);
              const e = expected.get(price) ?? { size: 0, count: 0 };
              expected.set(price, { size: e.size + node.remaining, count: e.count + 1 });
            } else {
              const [node] = live.splice(s.pick % live.length, 1);
              ladder.remove(node!);
              const e = expected.get(node!.price)!;
              if (e.count === 1) expected.delete(node!.price);
              else expected.set(node!.price, { size: e.size - node!.remaining, count: e.count - 1 });
            }
          }
          const want = [...expected].map(([price, e]) => ({ price, ...e })).sort((a, b) => (best === "HIGHEST" ? b.price - a.price : a.price - b.price));
          expect(ladder.top(Infinity)).toEqual(want);
          expect(ladder.top(3)).toEqual(want.slice(0, 3));
          expect(ladder.depth).toBe(want.length);
          expect(ladder.best()?.price).toBe(want[0]?.price);
        }),
        { numRuns: 30, endOnFailure: true }, // shrinking thousands of steps would take minutes
      );
    });
  }
});
