/** Local `$ref` handling: JSON Pointers into the same document (`#/components/...`). */

const MAX_HOPS = 16;
const SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The `$ref` of a Reference Object, or undefined when the value is not one. */
export function refOf(value: unknown): string | undefined {
  return isRecord(value) && typeof value.$ref === "string" ? value.$ref : undefined;
}

function decodeToken(token: string): string {
  let decoded = token;
  try {
    decoded = decodeURIComponent(token);
  } catch {
    // A malformed escape is taken literally.
  }
  return decoded.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** The value a local JSON Pointer (`#/a/b`) designates, or undefined. External refs are not followed. */
export function resolvePointer(root: unknown, ref: string): unknown {
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) return undefined;
  let node: unknown = root;
  for (const token of ref.slice(2).split("/").map(decodeToken)) {
    if (Array.isArray(node)) node = /^\d+$/.test(token) ? node[Number(token)] : undefined;
    else if (isRecord(node) && Object.hasOwn(node, token)) node = node[token];
    else return undefined;
  }
  return node;
}

/**
 * Follows a chain of Reference Objects to the object they designate.
 * Returns `{ value }` or `{ error }` for a missing target or a cycle.
 */
export function dereference(root: unknown, value: unknown): { value: unknown } | { error: string } {
  const seen = new Set<string>();
  let current = value;
  for (let ref = refOf(current); ref !== undefined; ref = refOf(current)) {
    if (seen.has(ref) || seen.size >= MAX_HOPS) return { error: `circular reference ${ref}` };
    seen.add(ref);
    current = resolvePointer(root, ref);
    if (current === undefined) return { error: `unresolved reference ${ref}` };
  }
  return { value: current };
}

/** The component name of a `#/components/schemas/<name>` ref, or undefined for any other ref. */
export function schemaNameOf(ref: string): string | undefined {
  const match = SCHEMA_REF.exec(ref);
  return match?.[1] === undefined ? undefined : decodeToken(match[1]);
}
