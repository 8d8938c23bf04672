import { anchors } from "./anchors";
import { formatNumber } from "./format";
import { rawSchema, type RawSchema } from "./openapi";
import { isRecord, schemaNameOf } from "./refs";

/** What a schema says about its values, beside its structure; values are shown as JSON text. */
export interface SchemaFacts {
  title?: string;
  description?: string;
  format?: string;
  nullable: boolean;
  deprecated: boolean;
  readOnly: boolean;
  writeOnly: boolean;
  enumValues: string[];
  constValue?: string;
  defaultValue?: string;
  examples: string[];
  /** Readable bounds, e.g. "≥ 0", "length ≤ 200", "pattern ^[a-z]+$". */
  constraints: string[];
}

export interface SchemaProperty {
  name: string;
  required: boolean;
  node: SchemaNode;
}

export type SchemaNode =
  /** A `$ref`; `anchor` links to the named schema on the page (null when it is not a component schema). */
  | { kind: "ref"; name: string; anchor: string | null; resolved: boolean; facts: SchemaFacts }
  | { kind: "object"; properties: SchemaProperty[]; additional: SchemaNode | null; facts: SchemaFacts }
  | { kind: "array"; items: SchemaNode | null; tuple: SchemaNode[]; facts: SchemaFacts }
  | { kind: "composite"; combinator: "anyOf" | "oneOf" | "allOf"; variants: SchemaNode[]; facts: SchemaFacts }
  | { kind: "primitive"; types: string[]; facts: SchemaFacts };

export interface SchemaContext {
  /** `components.schemas` of the document, to tell resolved refs from dangling ones. */
  schemas: Record<string, unknown>;
  /** Problems found while reading; shown on the page rather than hidden. */
  warnings: string[];
}

// Deeper inline nesting than this is cut off (refs are never followed, so only inline schemas count).
const MAX_DEPTH = 24;

const json = (value: unknown): string => JSON.stringify(value) ?? String(value);

function emptyFacts(): SchemaFacts {
  return { nullable: false, deprecated: false, readOnly: false, writeOnly: false, enumValues: [], examples: [], constraints: [] };
}

function range(label: string, min: number | undefined, max: number | undefined): string[] {
  const prefix = label ? `${label} ` : "";
  if (min !== undefined && max !== undefined) {
    return [min === max ? `${prefix}= ${formatNumber(min)}` : `${prefix}${formatNumber(min)}–${formatNumber(max)}`];
  }
  if (min !== undefined) return [`${prefix}≥ ${formatNumber(min)}`];
  if (max !== undefined) return [`${prefix}≤ ${formatNumber(max)}`];
  return [];
}

function numericBounds(s: RawSchema): string[] {
  const out: string[] = [];
  const exclusiveMin = typeof s.exclusiveMinimum === "number" ? s.exclusiveMinimum : s.exclusiveMinimum ? s.minimum : undefined;
  const exclusiveMax = typeof s.exclusiveMaximum === "number" ? s.exclusiveMaximum : s.exclusiveMaximum ? s.maximum : undefined;
  if (exclusiveMin !== undefined) out.push(`> ${formatNumber(exclusiveMin)}`);
  if (exclusiveMax !== undefined) out.push(`< ${formatNumber(exclusiveMax)}`);
  const min = s.exclusiveMinimum === true ? undefined : s.minimum;
  const max = s.exclusiveMaximum === true ? undefined : s.maximum;
  return [...range("", min, max), ...out];
}

function factsOf(s: RawSchema): SchemaFacts {
  const types = typeof s.type === "string" ? [s.type] : (s.type ?? []);
  const constraints = [
    ...numericBounds(s),
    ...(s.multipleOf !== undefined ? [`multiple of ${formatNumber(s.multipleOf)}`] : []),
    ...range("length", s.minLength, s.maxLength),
    ...(s.pattern !== undefined ? [`pattern ${s.pattern}`] : []),
    ...range("items", s.minItems, s.maxItems),
    ...(s.uniqueItems ? ["unique items"] : []),
  ];
  return {
    ...(s.title !== undefined && { title: s.title }),
    ...(s.description !== undefined && { description: s.description }),
    ...(s.format !== undefined && { format: s.format }),
    nullable: s.nullable === true || (types.includes("null") && types.length > 1),
    deprecated: s.deprecated === true,
    readOnly: s.readOnly === true,
    writeOnly: s.writeOnly === true,
    enumValues: (s.enum ?? []).map(json),
    ...(Object.hasOwn(s, "const") && { constValue: json(s.const) }),
    ...(Object.hasOwn(s, "default") && { defaultValue: json(s.default) }),
    examples: [...(Object.hasOwn(s, "example") ? [s.example] : []), ...(s.examples ?? [])].map(json),
    constraints,
  };
}

/** Outer facts (e.g. a description beside a nullable union) take precedence over the inner schema's. */
function mergeFacts(inner: SchemaFacts, outer: SchemaFacts): SchemaFacts {
  return {
    ...inner,
    ...Object.fromEntries(
      (["title", "description", "format", "constValue", "defaultValue"] as const).filter((key) => outer[key] !== undefined).map((key) => [key, outer[key]]),
    ),
    nullable: inner.nullable || outer.nullable,
    deprecated: inner.deprecated || outer.deprecated,
    readOnly: inner.readOnly || outer.readOnly,
    writeOnly: inner.writeOnly || outer.writeOnly,
    enumValues: [...inner.enumValues, ...outer.enumValues],
    examples: [...outer.examples, ...inner.examples],
    constraints: [...inner.constraints, ...outer.constraints],
  };
}

function withFacts(node: SchemaNode, facts: SchemaFacts): SchemaNode {
  return { ...node, facts };
}

/** `{ "type": "null" }` and nothing else: the null arm of a nullable union. */
function isNullSchema(value: unknown): boolean {
  return isRecord(value) && value.type === "null" && Object.keys(value).every((k) => k === "type" || k === "description");
}

/** Turns a JSON Schema into a tree for display. `$ref`s become links to the named schema, never inlined. */
export function buildSchemaNode(raw: unknown, ctx: SchemaContext, depth = 0): SchemaNode {
  if (raw === true || (isRecord(raw) && Object.keys(raw).length === 0)) return { kind: "primitive", types: [], facts: emptyFacts() };
  if (raw === false) return { kind: "primitive", types: ["never"], facts: emptyFacts() };
  const parsed = rawSchema.safeParse(raw);
  if (!parsed.success || depth > MAX_DEPTH) {
    ctx.warnings.push(depth > MAX_DEPTH ? "A schema nests too deeply to show in full." : "A schema could not be read.");
    return { kind: "primitive", types: [], facts: emptyFacts() };
  }
  const s = parsed.data;
  const facts = factsOf(s);
  const child = (value: unknown) => buildSchemaNode(value, ctx, depth + 1);

  if (s.$ref !== undefined) {
    const name = schemaNameOf(s.$ref);
    if (name === undefined) ctx.warnings.push(`The reference ${s.$ref} does not name a component schema.`);
    else if (!Object.hasOwn(ctx.schemas, name)) ctx.warnings.push(`The reference ${s.$ref} has no target in components.schemas.`);
    const resolved = name !== undefined && Object.hasOwn(ctx.schemas, name);
    return { kind: "ref", name: name ?? s.$ref, anchor: name !== undefined ? anchors.schema(name) : null, resolved, facts };
  }

  const combinator = s.oneOf ? "oneOf" : s.anyOf ? "anyOf" : s.allOf ? "allOf" : undefined;
  if (combinator) {
    const all = s[combinator] ?? [];
    // `anyOf: [X, {type: "null"}]` is how a nullable X is written in 3.1; show it as "X | null".
    const variants = combinator === "allOf" ? all : all.filter((v) => !isNullSchema(v));
    const nullFacts = variants.length < all.length ? { ...facts, nullable: true } : facts;
    if (variants.length === 0) return { kind: "primitive", types: ["null"], facts };
    if (variants.length === 1) {
      const only = child(variants[0]);
      return withFacts(only, mergeFacts(only.facts, nullFacts));
    }
    return { kind: "composite", combinator, variants: variants.map(child), facts: nullFacts };
  }

  const types = (typeof s.type === "string" ? [s.type] : (s.type ?? [])).filter((t) => t !== "null" || s.type === "null");
  if (types.includes("object") || s.properties !== undefined) {
    const required = new Set(s.required ?? []);
    const properties = Object.entries(s.properties ?? {}).map(([name, value]) => ({ name, required: required.has(name), node: child(value) }));
    const additional = s.additionalProperties === undefined || s.additionalProperties === false ? null : child(s.additionalProperties);
    return { kind: "object", properties, additional, facts };
  }
  if (types.includes("array") || s.items !== undefined || s.prefixItems !== undefined) {
    const items = s.items === undefined || s.items === false ? null : child(s.items);
    return { kind: "array", items, tuple: (s.prefixItems ?? []).map(child), facts };
  }
  return { kind: "primitive", types, facts };
}

/** A piece of a type label: text, or a reference to a named schema that the page can link. */
export type LabelPart = { text: string } | { ref: string; anchor: string | null; resolved: boolean };

/** The type of a node as label parts, e.g. `array<` `Order` `>`; refs stay separate so they can be links. */
export function labelParts(node: SchemaNode): LabelPart[] {
  const join = (nodes: SchemaNode[], separator: string): LabelPart[] =>
    nodes.flatMap((n, i) => (i === 0 ? labelParts(n) : [{ text: separator }, ...labelParts(n)]));
  const base = ((): LabelPart[] => {
    switch (node.kind) {
      case "ref":
        return [{ ref: node.name, anchor: node.anchor, resolved: node.resolved }];
      case "object":
        return [{ text: "object" }];
      case "array":
        if (node.tuple.length > 0) return [{ text: "[" }, ...join(node.tuple, ", "), { text: "]" }];
        return [{ text: "array<" }, ...(node.items ? labelParts(node.items) : [{ text: "any" }]), { text: ">" }];
      case "composite":
        return join(node.variants, node.combinator === "allOf" ? " & " : " | ");
      case "primitive":
        return [{ text: node.types.length > 0 ? node.types.join(" | ") : "any" }];
    }
  })();
  return node.facts.nullable ? [...base, { text: " | null" }] : base;
}

/** A one-line type for a node, e.g. `string`, `array<Order>`, `Quote | null`. */
export function typeLabel(node: SchemaNode): string {
  return labelParts(node)
    .map((part) => ("text" in part ? part.text : part.ref))
    .join("");
}

/** True when the node has structure worth expanding beneath its label. */
export function hasChildren(node: SchemaNode): boolean {
  switch (node.kind) {
    case "object":
      return node.properties.length > 0 || node.additional !== null;
    case "array":
      return node.tuple.length > 0 || (node.items !== null && hasChildren(node.items));
    case "composite":
      return node.variants.length > 0;
    default:
      return false;
  }
}
