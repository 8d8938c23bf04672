import { alternativesOf, type JsonSchema, propertiesOf, requiredOf, typesOf } from "./openapi-operations";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const FORMAT_SAMPLES: Record<string, string> = {
  "date-time": "2026-01-01T00:00:00.000Z",
  uri: "https://example.com/",
  url: "https://example.com/",
  email: "someone@example.com",
  uuid: "00000000-0000-4000-8000-000000000000",
};

/**
 * A plausible valid value for a schema (its example, default, first enum value, or one built from its
 * type), so that hostile variations reach past validation into the handler.
 */
export function sampleValue(schema: JsonSchema, resolve: (s: JsonSchema) => JsonSchema, depth = 0): Json {
  const s = resolve(schema);
  if ("example" in s) return s.example as Json;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0] as Json;
  if ("default" in s) return s.default as Json;
  if ("const" in s) return s.const as Json;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0] as Json;
  const alternatives = alternativesOf(s);
  if (alternatives.length > 0) return sampleValue(alternatives[0]!, resolve, depth + 1);
  const type = typesOf(s).find((t) => t !== "null") ?? "object";
  if (depth > 8) return null;
  switch (type) {
    case "string":
      return typeof s.format === "string" && FORMAT_SAMPLES[s.format] ? FORMAT_SAMPLES[s.format]! : "x".repeat(Math.max(1, Number(s.minLength ?? 1)));
    case "integer":
    case "number":
      return typeof s.minimum === "number" ? Math.max(s.minimum, 1) : 1;
    case "boolean":
      return true;
    case "array":
      return s.items && typeof s.items === "object" ? [sampleValue(s.items as JsonSchema, resolve, depth + 1)] : [];
    default: {
      const out: { [key: string]: Json } = {};
      const required = new Set(requiredOf(s));
      for (const [name, prop] of Object.entries(propertiesOf(s))) {
        if (required.has(name)) out[name] = sampleValue(prop, resolve, depth + 1);
      }
      return out;
    }
  }
}

export type { Json };
