import { number, table } from "../lib/report";
import { deepCancelMedianNs } from "./deep-cancel";
import { bourse, type BenchEngine, peer, replay } from "./engines";
import { generateStream } from "./stream";

const SEED = 20_260_101;
const DEEP_LEVEL = 20_000;

/** One seeded stream through our order book and through nodejs-order-book, then cancels deep inside a 20,000-order level. */
export async function engine(ops = Number(process.env.BENCH_ENGINE_OPS ?? 1_000_000)): Promise<void> {
  console.log(
    `\n## engine: ${number(ops)} seeded operations (70% limit around a drifting mid, 20% cancel of resting orders, 10% market), same stream through each book`,
  );
  const stream = generateStream(ops, SEED);
  const makers = [bourse, peer];
  for (const make of makers) replay(make(), stream, Math.min(ops, 100_000)); // warm-up

  const runs = makers.map((make) => {
    const book = make();
    const seconds = Number(replay(book, stream)) / 1e9;
    return { book, seconds, rate: ops / seconds };
  });
  const [ours, theirs] = runs as [(typeof runs)[0], (typeof runs)[0]];
  table([["engine", "ops/s", "seconds"], ...runs.map((r) => [r.book.name, number(r.rate), number(r.seconds)])]);
  const agree = sameDepth(ours.book, theirs.book);
  console.log(`ratio bourse / nodejs-order-book: ${number(ours.rate / theirs.rate)}× (target ≥ 10×); final books identical: ${agree ? "yes" : "NO"}`);

  console.log(`\n## engine: cancel one order among the last 1,000 of a ${number(DEEP_LEVEL)}-order level (median of single timed cancels)`);
  const deep = [
    { book: bourse(), samples: 5_000 },
    { book: peer(), samples: 300 },
  ].map(({ book, samples }) => ({ name: book.name, samples, ns: deepCancelMedianNs(book, DEEP_LEVEL, samples, 50) }));
  const [ourCancel, theirCancel] = deep as [(typeof deep)[0], (typeof deep)[0]];
  table([["engine", "median µs", "samples"], ...deep.map((d) => [d.name, number(d.ns / 1e3), String(d.samples)])]);
  console.log(`ratio nodejs-order-book / bourse: ${number(theirCancel.ns / ourCancel.ns)}×`);
}

function sameDepth(a: BenchEngine, b: BenchEngine): boolean {
  return JSON.stringify(a.depth()) === JSON.stringify(b.depth());
}
