// WCXB's metric (see its README): per page, the bag of lower-cased `\w+` tokens of the extraction
// against the ground truth; the figure is the mean F1 over pages. Beside it, the share of `with`
// snippets found in the extraction and of `without` snippets wrongly kept.
import { multiset, tokens } from "./metric";

export interface WordScore {
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
}

export function wordScore(expected: string, predicted: string): WordScore {
  const truth = bag(expected);
  const guess = bag(predicted);
  const truthSize = size(truth);
  const guessSize = size(guess);
  if (truthSize === 0) return guessSize === 0 ? { precision: 1, recall: 1, f1: 1 } : { precision: 0, recall: 1, f1: 0 };
  if (guessSize === 0) return { precision: 0, recall: 0, f1: 0 };
  let overlap = 0;
  for (const [word, n] of guess) overlap += Math.min(n, truth.get(word) ?? 0);
  const precision = overlap / guessSize;
  const recall = overlap / truthSize;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

/** How many of the snippets the text contains, compared lower-cased with whitespace collapsed. */
export function snippetsFound(text: string, snippets: readonly string[]): number {
  const haystack = normalise(text);
  return snippets.filter((s) => {
    const needle = normalise(s);
    return needle !== "" && haystack.includes(needle);
  }).length;
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}

function bag(text: string): Map<string, number> {
  return multiset(tokens(text.toLowerCase()));
}

function size(bag: Map<string, number>): number {
  let n = 0;
  for (const c of bag.values()) n += c;
  return n;
}
