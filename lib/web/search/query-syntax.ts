/**
 * A web-search query (the syntax of Postgres' websearch_to_tsquery: quoted phrases, `or`, `-word`)
 * split for BM25 over the embedded index.
 *
 * websearch_to_tsquery reads `a b or "c d" -e` as `(a & b) | (c <-> d & !e)`: `or` separates
 * alternatives, everything else in an alternative is required. Here plain words are optional: they
 * only rank. So each alternative keeps its phrases and exclusions as a filter, and an alternative of
 * plain words only makes the whole filter void (it holds for any page), as it would if its words
 * were replaced by "true".
 */
export interface IndexQuery {
  /** Every positive word, phrases' words included, for to_tsvector: each may match alone; they rank. */
  terms: string;
  /** What a page must satisfy, in websearch syntax (phrases, exclusions, `or`); "" for nothing. */
  filter: string;
}

interface Item {
  text: string;
  phrase: boolean;
  negated: boolean;
}

// Characters websearch_to_tsquery skips where a word may start.
const SKIPPED = new Set(["!", "&", "|", "(", ")", "<"]);

/** The alternatives of a query, each a list of words and phrases; empty ones dropped. */
function alternatives(query: string): Item[][] {
  const groups: Item[][] = [[]];
  let negated = false;
  let i = 0;
  while (i < query.length) {
    const c = query[i]!;
    if (/\s/.test(c) || SKIPPED.has(c)) {
      i += 1;
    } else if (c === "-") {
      negated = true;
      i += 1;
    } else if (c === '"') {
      const close = query.indexOf('"', i + 1);
      const end = close < 0 ? query.length : close;
      groups.at(-1)!.push({ text: query.slice(i + 1, end), phrase: true, negated });
      negated = false;
      i = end + 1;
    } else {
      let end = i;
      while (end < query.length && !/[\s"]/.test(query[end]!)) end += 1;
      const word = query.slice(i, end);
      // `or` between two items separates alternatives; elsewhere it is a stop word.
      if (!negated && word.toLowerCase() === "or") {
        if (groups.at(-1)!.length > 0) groups.push([]);
      } else {
        groups.at(-1)!.push({ text: word, phrase: false, negated });
      }
      negated = false;
      i = end;
    }
  }
  return groups.filter((g) => g.length > 0);
}

// An exclusion is written as a phrase: the index reads a run of Chinese or Thai as several words
// (schema.ts), and `-"東京都"` excludes them together where `-東京都` would exclude the first alone.
const render = (item: Item): string => (item.phrase || item.negated ? `${item.negated ? "-" : ""}"${item.text}"` : item.text);

export function splitQuery(query: string): IndexQuery {
  const groups = alternatives(query);
  const terms = groups
    .flat()
    .filter((item) => !item.negated)
    .map((item) => item.text);
  const constraints = groups.map((g) => g.filter((item) => item.phrase || item.negated));
  const filter = constraints.some((c) => c.length === 0) ? "" : constraints.map((c) => c.map(render).join(" ")).join(" or ");
  return { terms: terms.join(" "), filter };
}
