// Main-text precision, recall and F1 exactly as the article-extraction benchmark defines them
// (see its README): 4-token shingles of \w+ tokens, per-page counts normalised, means of P and R.

/** Python's Unicode `\w`: letters, numbers and the underscore. */
const WORD = /[\p{L}\p{N}_]+/gu;

export function tokens(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** Consecutive 4-token sequences as a multiset; a text of fewer than 4 tokens is one shingle, an empty text none. */
export function shingles(text: string, size = 4): Map<string, number> {
  const words = tokens(text);
  if (words.length === 0) return new Map();
  if (words.length < size) return multiset([words.join("\u0000")]);
  const keys: string[] = [];
  for (let i = 0; i + size <= words.length; i++) keys.push(words.slice(i, i + size).join("\u0000"));
  return multiset(keys);
}

/** How many times each item occurs. */
export function multiset(items: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

export interface PageScore {
  /** Normalised so tp + fp + fn = 1 when any is non-zero. */
  readonly tp: number;
  readonly fp: number;
  readonly fn: number;
  readonly precision: number;
  readonly recall: number;
}

export function scorePage(expected: string, predicted: string): PageScore {
  const truth = shingles(expected);
  const guess = shingles(predicted);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const [key, n] of guess) {
    const t = truth.get(key) ?? 0;
    tp += Math.min(t, n);
    fp += Math.max(0, n - t);
  }
  for (const [key, t] of truth) fn += Math.max(0, t - (guess.get(key) ?? 0));
  const sum = tp + fp + fn;
  if (sum > 0) {
    tp /= sum;
    fp /= sum;
    fn /= sum;
  }
  if (fp === 0 && fn === 0) return { tp, fp, fn, precision: 1, recall: 1 };
  const precision = tp === 0 && fp === 0 ? 0 : tp / (tp + fp);
  const recall = tp === 0 && fn === 0 ? 0 : tp / (tp + fn);
  return { tp, fp, fn, precision, recall };
}

export interface Summary {
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
  readonly pages: number;
}

/** Precision over pages with tp+fp > 0, recall over pages with tp+fn > 0, F1 of the two means. */
export function summarise(scores: readonly PageScore[]): Summary {
  const withPrediction = scores.filter((s) => s.tp + s.fp > 0);
  const withTruth = scores.filter((s) => s.tp + s.fn > 0);
  const precision = mean(withPrediction.map((s) => s.precision));
  const recall = mean(withTruth.map((s) => s.recall));
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1, pages: scores.length };
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}
