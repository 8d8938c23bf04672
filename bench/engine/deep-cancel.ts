import type { BenchEngine } from "./engines";

/**
 * Median cost of cancelling one order near the back of a single price level that holds `depth` orders:
 * each sample cancels one of the last 1,000 orders, timed alone, then queues a new order at the back so
 * the level keeps its depth.
 */
export function deepCancelMedianNs(engine: BenchEngine, depth: number, samples: number, warmup: number): number {
  const queue: string[] = [];
  let next = 0;
  const add = () => {
    const id = `deep${next++}`;
    engine.limit(id, false, 1_000, 1, 0);
    queue.push(id);
  };
  while (queue.length < depth) add();
  const times: number[] = [];
  for (let s = 0; s < warmup + samples; s++) {
    const [id] = queue.splice(queue.length - 1 - ((s * 37) % 1_000), 1);
    const start = process.hrtime.bigint();
    engine.cancel(id!);
    const elapsed = process.hrtime.bigint() - start;
    if (s >= warmup) times.push(Number(elapsed));
    add();
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1]!;
}
