/** Fragment ids of the reference page. `error-<CODE>` is linked from search API error bodies. */

function slug(value: string): string {
  return (
    value
      .replace(/[^A-Za-z0-9_.-]+/g, "-")
      .replace(/-{2,}/g, "-")
      .replace(/^-+|-+$/g, "") || "_"
  );
}

export const anchors = {
  schema: (name: string) => `schema-${slug(name)}`,
  securityScheme: (name: string) => `security-${slug(name)}`,
  tag: (name: string) => `tag-${slug(name)}`,
  error: (code: string) => `error-${code}`,
  operation: (method: string, path: string, operationId: string | undefined) => `op-${slug(operationId ?? `${method}-${path}`)}`,
};

/** Hands out ids, suffixing repeats (`-2`, `-3`, ...) so every id on the page stays unique. */
export function uniqueIds(): (id: string) => string {
  const counts = new Map<string, number>();
  return (id) => {
    const n = (counts.get(id) ?? 0) + 1;
    counts.set(id, n);
    return n === 1 ? id : `${id}-${n}`;
  };
}
