// JSON for what crosses between instances: venue state carries bigint money, and call arguments may be
// undefined (an omitted optional), which JSON has no word for.

const BIGINT_TAG = "$n";
const UNDEFINED_TAG = "$u";

/** Encodes a value; bigints become {"$n": "123"}, an undefined array element {"$u": 1}. */
export function encode(value: unknown): string {
  return JSON.stringify(value, function (this: unknown, _key, v: unknown) {
    if (typeof v === "bigint") return { [BIGINT_TAG]: v.toString() };
    if (v === undefined && Array.isArray(this)) return { [UNDEFINED_TAG]: 1 };
    return v;
  });
}

/** Decodes what `encode` wrote. */
export function decode<T = unknown>(text: string): T {
  return JSON.parse(text, (_key, v: unknown) => {
    if (v !== null && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length === 1) {
      const tagged = v as Record<string, unknown>;
      if (typeof tagged[BIGINT_TAG] === "string") return BigInt(tagged[BIGINT_TAG]);
      if (tagged[UNDEFINED_TAG] === 1) return undefined;
    }
    return v;
  }) as T;
}
