import type { z } from "zod";
import { anchors, uniqueIds } from "./anchors";
import {
  HTTP_METHODS,
  rawDocument,
  rawHeader,
  rawOperation,
  rawParameter,
  rawPathItem,
  rawRequestBody,
  rawResponse,
  rawSecurityScheme,
  type HttpMethod,
  type RawDocument,
} from "./openapi";
import { dereference, refOf, schemaNameOf } from "./refs";
import { buildSchemaNode, type SchemaContext, type SchemaNode } from "./schema-tree";

export interface SecuritySchemeView {
  name: string;
  anchor: string;
  /** e.g. "HTTP bearer (JWT)", "API key in header X-Key". */
  summary: string;
  description?: string;
}

/** One way to authorize: every listed scheme together. No schemes means anonymous access is allowed. */
export interface SecurityAlternative {
  schemes: { name: string; anchor: string | null; scopes: string[] }[];
}

export interface ParameterView {
  name: string;
  location: string;
  required: boolean;
  deprecated: boolean;
  description?: string;
  schema: SchemaNode | null;
}

export interface MediaView {
  mediaType: string;
  schema: SchemaNode | null;
  /** When `schema` is a ref to a component schema, that schema's tree, so the body reads in place. */
  expanded: SchemaNode | null;
  example?: string;
}

export interface HeaderView {
  name: string;
  required: boolean;
  description?: string;
  schema: SchemaNode | null;
}

export interface ResponseView {
  status: string;
  description?: string;
  content: MediaView[];
  headers: HeaderView[];
}

export interface OperationView {
  anchor: string;
  method: HttpMethod;
  path: string;
  operationId?: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  /** Empty: public. Several: each one alone authorizes. */
  security: SecurityAlternative[];
  parameters: ParameterView[];
  requestBody: { required: boolean; description?: string; content: MediaView[] } | null;
  responses: ResponseView[];
}

export interface OperationGroup {
  tag: string;
  anchor: string;
  description?: string;
  operations: OperationView[];
}

export interface ReferenceView {
  openapi: string;
  info: RawDocument["info"];
  servers: { url: string; description?: string }[];
  securitySchemes: SecuritySchemeView[];
  groups: OperationGroup[];
  schemas: { name: string; anchor: string; node: SchemaNode }[];
  operationCount: number;
  /** Parts of the document that could not be read; rendered as a notice. */
  warnings: string[];
}

/** The document is not an OpenAPI 3.x document this page can read. */
export class ReferenceDocumentError extends Error {
  override name = "ReferenceDocumentError";
}

const UNTAGGED = "General";

interface Builder extends SchemaContext {
  root: unknown;
  schemeNames: Set<string>;
  id: (id: string) => string;
}

/** Resolves a possibly-referenced object and parses it; records a warning and returns null on failure. */
function readObject<T extends z.ZodType>(b: Builder, value: unknown, schema: T, what: string): z.output<T> | null {
  const target = dereference(b.root, value);
  if ("error" in target) {
    b.warnings.push(`${what}: ${target.error}.`);
    return null;
  }
  const parsed = schema.safeParse(target.value);
  if (!parsed.success) {
    b.warnings.push(`${what} could not be read.`);
    return null;
  }
  return parsed.data;
}

function schemaOrNull(b: Builder, value: unknown): SchemaNode | null {
  return value === undefined ? null : buildSchemaNode(value, b);
}

function summarizeScheme(s: z.output<typeof rawSecurityScheme>): string {
  switch (s.type) {
    case "http": {
      const scheme = s.scheme ? `HTTP ${s.scheme.toLowerCase()}` : "HTTP";
      return s.bearerFormat ? `${scheme} (${s.bearerFormat})` : scheme;
    }
    case "apiKey":
      return `API key in ${s.in ?? "request"}${s.name ? ` ${s.name}` : ""}`;
    case "oauth2":
      return `OAuth 2.0 (${Object.keys(s.flows ?? {}).join(", ") || "no flows"})`;
    case "openIdConnect":
      return s.openIdConnectUrl ? `OpenID Connect (${s.openIdConnectUrl})` : "OpenID Connect";
    case "mutualTLS":
      return "Mutual TLS";
    default:
      return s.type;
  }
}

function securityOf(b: Builder, requirements: Record<string, string[]>[]): SecurityAlternative[] {
  return requirements.map((requirement) => ({
    schemes: Object.entries(requirement).map(([name, scopes]) => {
      const known = b.schemeNames.has(name);
      if (!known) b.warnings.push(`Security requirement names an undeclared scheme "${name}".`);
      return { name, anchor: known ? anchors.securityScheme(name) : null, scopes };
    }),
  }));
}

function mediaOf(b: Builder, content: Record<string, { schema?: unknown; example?: unknown }> | undefined): MediaView[] {
  return Object.entries(content ?? {}).map(([mediaType, media]) => {
    const schema = schemaOrNull(b, media.schema);
    const ref = refOf(media.schema);
    const name = ref === undefined ? undefined : schemaNameOf(ref);
    const expanded = name !== undefined && Object.hasOwn(b.schemas, name) ? buildSchemaNode(b.schemas[name], b) : null;
    return {
      mediaType,
      schema,
      expanded,
      ...(media.example !== undefined && { example: JSON.stringify(media.example, null, 2) }),
    };
  });
}

/** Path-level parameters apply to every operation; an operation's own parameter of the same name and place wins. */
function parametersOf(b: Builder, shared: unknown[], own: unknown[], where: string): ParameterView[] {
  const byKey = new Map<string, ParameterView>();
  [...shared, ...own].forEach((value, index) => {
    const p = readObject(b, value, rawParameter, `${where}, parameter ${index + 1}`);
    if (!p) return;
    byKey.set(`${p.in}:${p.name}`, {
      name: p.name,
      location: p.in,
      required: p.required === true || p.in === "path",
      deprecated: p.deprecated === true,
      ...(p.description !== undefined && { description: p.description }),
      schema: schemaOrNull(b, p.schema),
    });
  });
  return [...byKey.values()];
}

function compareStatus(a: string, b: string): number {
  const rank = (s: string) => (s === "default" ? "9ZZ" : s.toUpperCase());
  return rank(a).localeCompare(rank(b), "en");
}

function responsesOf(b: Builder, responses: Record<string, unknown>, where: string): ResponseView[] {
  return Object.keys(responses)
    .sort(compareStatus)
    .flatMap((status) => {
      const r = readObject(b, responses[status], rawResponse, `${where}, response ${status}`);
      if (!r) return [];
      const headers = Object.entries(r.headers ?? {}).flatMap(([name, value]) => {
        const h = readObject(b, value, rawHeader, `${where}, response ${status}, header ${name}`);
        if (!h) return [];
        return [{ name, required: h.required === true, ...(h.description !== undefined && { description: h.description }), schema: schemaOrNull(b, h.schema) }];
      });
      return [{ status, ...(r.description !== undefined && { description: r.description }), content: mediaOf(b, r.content), headers }];
    });
}

function operationOf(
  b: Builder,
  doc: RawDocument,
  method: HttpMethod,
  path: string,
  value: unknown,
  shared: unknown[],
): { tag: string; op: OperationView } | null {
  const where = `${method.toUpperCase()} ${path}`;
  const o = readObject(b, value, rawOperation, where);
  if (!o) return null;
  const body = o.requestBody === undefined ? null : readObject(b, o.requestBody, rawRequestBody, `${where}, request body`);
  const op: OperationView = {
    anchor: b.id(anchors.operation(method, path, o.operationId)),
    method,
    path,
    ...(o.operationId !== undefined && { operationId: o.operationId }),
    ...(o.summary !== undefined && { summary: o.summary }),
    ...(o.description !== undefined && { description: o.description }),
    deprecated: o.deprecated === true,
    security: securityOf(b, o.security ?? doc.security ?? []),
    parameters: parametersOf(b, shared, o.parameters ?? [], where),
    requestBody: body
      ? { required: body.required === true, ...(body.description !== undefined && { description: body.description }), content: mediaOf(b, body.content) }
      : null,
    responses: responsesOf(b, o.responses ?? {}, where),
  };
  // An operation is listed once, under its first tag, so its anchor is unique on the page.
  return { tag: o.tags?.[0] ?? UNTAGGED, op };
}

function groupsOf(b: Builder, doc: RawDocument): OperationGroup[] {
  const groups = new Map<string, OperationGroup>();
  const groupFor = (tag: string, description?: string): OperationGroup => {
    let group = groups.get(tag);
    if (!group) {
      group = { tag, anchor: b.id(anchors.tag(tag)), ...(description !== undefined && { description }), operations: [] };
      groups.set(tag, group);
    }
    return group;
  };
  // Declared tags keep their declared order; tags only used by operations follow in order of use.
  for (const tag of doc.tags ?? []) groupFor(tag.name, tag.description);
  for (const [path, value] of Object.entries(doc.paths ?? {})) {
    const item = readObject(b, value, rawPathItem, `Path ${path}`);
    if (!item) continue;
    for (const method of HTTP_METHODS) {
      if (item[method] === undefined) continue;
      const found = operationOf(b, doc, method, path, item[method], item.parameters ?? []);
      if (found) groupFor(found.tag).operations.push(found.op);
    }
  }
  return [...groups.values()].filter((g) => g.operations.length > 0);
}

/** Reads an OpenAPI 3.x document into what the reference page renders. Throws ReferenceDocumentError. */
export function buildReferenceView(input: unknown): ReferenceView {
  const parsed = rawDocument.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
    throw new ReferenceDocumentError(`Not a readable OpenAPI 3.x document (${where}${issue?.message ?? "invalid"}).`);
  }
  const doc = parsed.data;
  const rawSchemes = doc.components?.securitySchemes ?? {};
  const b: Builder = {
    root: input,
    schemas: doc.components?.schemas ?? {},
    warnings: [],
    schemeNames: new Set(Object.keys(rawSchemes)),
    id: uniqueIds(),
  };
  const securitySchemes = Object.entries(rawSchemes).flatMap(([name, value]) => {
    const s = readObject(b, value, rawSecurityScheme, `Security scheme ${name}`);
    if (!s) return [];
    return [{ name, anchor: anchors.securityScheme(name), summary: summarizeScheme(s), ...(s.description !== undefined && { description: s.description }) }];
  });
  const groups = groupsOf(b, doc);
  const schemas = Object.keys(b.schemas)
    .sort((x, y) => x.localeCompare(y, "en"))
    .map((name) => ({ name, anchor: anchors.schema(name), node: buildSchemaNode(b.schemas[name], b) }));
  return {
    openapi: doc.openapi,
    info: doc.info,
    servers: doc.servers ?? [],
    securitySchemes,
    groups,
    schemas,
    operationCount: groups.reduce((n, g) => n + g.operations.length, 0),
    warnings: [...new Set(b.warnings)],
  };
}
