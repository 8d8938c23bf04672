import { z } from "zod";

/** A JSON Schema node as OpenAPI 3.1 documents carry it; read through the helpers below. */
export type JsonSchema = Record<string, unknown>;

const parameterSchema = z.object({
  name: z.string(),
  in: z.enum(["path", "query", "header", "cookie"]),
  required: z.boolean().optional(),
  schema: z.record(z.string(), z.unknown()).optional(),
});
export type Parameter = z.infer<typeof parameterSchema>;

const operationSchema = z.object({
  parameters: z.array(parameterSchema).optional(),
  requestBody: z.object({ content: z.record(z.string(), z.object({ schema: z.record(z.string(), z.unknown()).optional() })).optional() }).optional(),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
});

const documentSchema = z.object({
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.object({ schemas: z.record(z.string(), z.record(z.string(), z.unknown())).optional() }).optional(),
});

export type ApiName = "trading" | "search";

/** One operation of a published document, with `$ref`s resolvable against that document. */
export interface Operation {
  api: ApiName;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The full path template, e.g. `/api/agent/keys/{id}`. */
  path: string;
  params: Parameter[];
  /** The JSON request body's schema, when the operation takes one. */
  body: JsonSchema | undefined;
  /** Security scheme names that may authorize it; empty for public operations. */
  security: string[];
  /** Server-sent event streams answer with a stream that the fuzzer does not read to its end. */
  stream: boolean;
  resolve(schema: JsonSchema): JsonSchema;
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** Every operation of an OpenAPI 3.1 document served under `basePath`. */
export function operationsOf(document: unknown, api: ApiName, basePath: string): Operation[] {
  const doc = documentSchema.parse(document);
  const schemas = doc.components?.schemas ?? {};
  const resolve = (schema: JsonSchema): JsonSchema => {
    let current = schema;
    for (let hops = 0; typeof current.$ref === "string" && hops < 16; hops++) {
      const name = current.$ref.replace("#/components/schemas/", "");
      current = schemas[name] ?? {};
    }
    return current;
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      if (item[method] === undefined) continue;
      const op = operationSchema.parse(item[method]);
      operations.push({
        api,
        method: method.toUpperCase() as Operation["method"],
        path: basePath + path,
        params: op.parameters ?? [],
        body: op.requestBody?.content?.["application/json"]?.schema,
        security: (op.security ?? []).flatMap((s) => Object.keys(s)),
        stream: path.endsWith("/stream"),
        resolve,
      });
    }
  }
  return operations;
}

/** The schema's `type` as a list (`["string", "null"]` style or a single name). */
export function typesOf(schema: JsonSchema): string[] {
  const t = schema.type;
  if (typeof t === "string") return [t];
  return Array.isArray(t) ? t.filter((x): x is string => typeof x === "string") : [];
}

export function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  const p = schema.properties;
  return p && typeof p === "object" ? (p as Record<string, JsonSchema>) : {};
}

export function requiredOf(schema: JsonSchema): string[] {
  return Array.isArray(schema.required) ? schema.required.filter((x): x is string => typeof x === "string") : [];
}

/** The alternatives of an anyOf/oneOf/allOf node (allOf's first part stands for the whole here). */
export function alternativesOf(schema: JsonSchema): JsonSchema[] {
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    const list = schema[key];
    if (Array.isArray(list)) return list.filter((x): x is JsonSchema => x !== null && typeof x === "object");
  }
  return [];
}
