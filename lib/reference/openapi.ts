import { z } from "zod";

/**
 * The subset of an OpenAPI 3.x document the reference page renders. Anything that may be a `$ref`
 * is left `unknown` here and parsed after resolution (see refs.ts); unknown keys are dropped.
 */

const text = z.string().optional();

export const rawInfo = z.object({
  title: z.string(),
  version: z.string(),
  summary: text,
  description: text,
});

export const rawServer = z.object({ url: z.string(), description: text });

export const rawTag = z.object({ name: z.string(), description: text });

/** One alternative of a security requirement: scheme name → scopes. */
export const rawSecurityRequirement = z.record(z.string(), z.array(z.string()));

export const rawSecurityScheme = z.object({
  type: z.string(),
  description: text,
  scheme: text,
  bearerFormat: text,
  name: text,
  in: text,
  openIdConnectUrl: text,
  flows: z.record(z.string(), z.unknown()).optional(),
});

export const rawParameter = z.object({
  name: z.string(),
  in: z.string(),
  description: text,
  required: z.boolean().optional(),
  deprecated: z.boolean().optional(),
  schema: z.unknown().optional(),
});

export const rawMediaType = z.object({ schema: z.unknown().optional(), example: z.unknown().optional() });

const rawContent = z.record(z.string(), rawMediaType).optional();

export const rawRequestBody = z.object({ description: text, required: z.boolean().optional(), content: rawContent });

export const rawResponse = z.object({
  description: text,
  content: rawContent,
  headers: z.record(z.string(), z.unknown()).optional(),
});

export const rawHeader = z.object({
  description: text,
  required: z.boolean().optional(),
  deprecated: z.boolean().optional(),
  schema: z.unknown().optional(),
});

export const rawOperation = z.object({
  tags: z.array(z.string()).optional(),
  summary: text,
  description: text,
  operationId: text,
  deprecated: z.boolean().optional(),
  parameters: z.array(z.unknown()).optional(),
  requestBody: z.unknown().optional(),
  responses: z.record(z.string(), z.unknown()).optional(),
  security: z.array(rawSecurityRequirement).optional(),
});

export const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** A path item; its operations are read by method name from the same object. */
export const rawPathItem = z.record(z.string(), z.unknown()).and(z.object({ parameters: z.array(z.unknown()).optional() }));

export const rawDocument = z.object({
  openapi: z.string().regex(/^3\./, "must be an OpenAPI 3.x document"),
  info: rawInfo,
  servers: z.array(rawServer).optional(),
  security: z.array(rawSecurityRequirement).optional(),
  tags: z.array(rawTag).optional(),
  paths: z.record(z.string(), z.unknown()).optional(),
  components: z
    .object({
      schemas: z.record(z.string(), z.unknown()).optional(),
      securitySchemes: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
});

export type RawDocument = z.infer<typeof rawDocument>;

/** A JSON Schema object as far as the tree renders it; nested schemas stay unknown until visited. */
export const rawSchema = z.object({
  $ref: text,
  type: z.union([z.string(), z.array(z.string())]).optional(),
  title: text,
  description: text,
  format: text,
  enum: z.array(z.unknown()).optional(),
  const: z.unknown().optional(),
  default: z.unknown().optional(),
  example: z.unknown().optional(),
  examples: z.array(z.unknown()).optional(),
  nullable: z.boolean().optional(),
  deprecated: z.boolean().optional(),
  readOnly: z.boolean().optional(),
  writeOnly: z.boolean().optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
  required: z.array(z.string()).optional(),
  additionalProperties: z.unknown().optional(),
  items: z.unknown().optional(),
  prefixItems: z.array(z.unknown()).optional(),
  anyOf: z.array(z.unknown()).optional(),
  oneOf: z.array(z.unknown()).optional(),
  allOf: z.array(z.unknown()).optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  // A number in 3.1 (JSON Schema 2020-12), a flag on minimum/maximum in 3.0.
  exclusiveMinimum: z.union([z.number(), z.boolean()]).optional(),
  exclusiveMaximum: z.union([z.number(), z.boolean()]).optional(),
  multipleOf: z.number().optional(),
  minLength: z.number().optional(),
  maxLength: z.number().optional(),
  pattern: text,
  minItems: z.number().optional(),
  maxItems: z.number().optional(),
  uniqueItems: z.boolean().optional(),
});

export type RawSchema = z.infer<typeof rawSchema>;
