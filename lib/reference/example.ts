import type { SchemaNode } from "./schema-tree";

// A value that fits a schema, for request samples and the try-it panel: the schema's own example,
// default, const or first enum value where it gives one, else a plain value of its type.

const MAX_DEPTH = 6;

function parsed(json: string | undefined): { value: unknown } | null {
  if (json === undefined) return null;
  try {
    return { value: JSON.parse(json) };
  } catch {
    return null;
  }
}

function primitive(types: readonly string[], format: string | undefined): unknown {
  const type = types.find((t) => t !== "null") ?? "string";
  if (type === "integer" || type === "number") return 1;
  if (type === "boolean") return false;
  if (format === "date-time") return "2026-01-01T00:00:00Z";
  if (format === "uri" || format === "url") return "https://example.com/";
  if (format === "email") return "owner@example.com";
  return "string";
}

/** An example of `node`; `schemaOf` resolves named schemas. Objects list their required properties only (optional ones could change what the call does). */
export function exampleValue(node: SchemaNode, schemaOf: (name: string) => SchemaNode | undefined, depth = 0): unknown {
  const f = node.facts;
  const given = parsed(f.examples[0]) ?? parsed(f.constValue) ?? parsed(f.defaultValue) ?? parsed(f.enumValues[0]);
  if (given) return given.value;
  if (depth > MAX_DEPTH) return null;
  switch (node.kind) {
    case "ref": {
      const target = schemaOf(node.name);
      return target ? exampleValue(target, schemaOf, depth + 1) : {};
    }
    case "object": {
      const out: Record<string, unknown> = {};
      for (const p of node.properties) {
        if (p.required) out[p.name] = exampleValue(p.node, schemaOf, depth + 1);
      }
      return out;
    }
    case "array":
      return node.items ? [exampleValue(node.items, schemaOf, depth + 1)] : [];
    case "composite":
      if (node.combinator === "allOf") {
        return Object.assign({}, ...node.variants.map((v) => exampleValue(v, schemaOf, depth + 1)).filter((v) => typeof v === "object" && v !== null));
      }
      return node.variants[0] ? exampleValue(node.variants[0], schemaOf, depth + 1) : null;
    case "primitive":
      return primitive(node.types, f.format);
  }
}
