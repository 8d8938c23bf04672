import type { Rng } from "../../engine/sim/rng";
import {
  HOSTILE_HEADER_VALUES,
  HOSTILE_JSON_VALUES,
  HOSTILE_PATH_SEGMENTS,
  HOSTILE_QUERY_VALUES,
  HOSTILE_RAW_BODIES,
  WRONG_CONTENT_TYPES,
} from "./hostile-values";
import { type ApiName, type JsonSchema, type Operation, propertiesOf, requiredOf } from "./openapi-operations";
import { type Json, sampleValue } from "./sample-value";

/** One request the fuzzer sends, ready for fetch. */
export interface FuzzRequest {
  label: string;
  api: ApiName;
  method: string;
  /** Path and query, percent-encoded as they go on the wire. */
  url: string;
  headers: Record<string, string>;
  body?: string;
  stream: boolean;
}

/** What the fuzzer may authorize with, and ids worth trying in paths (another owner's, for instance). */
export interface FuzzCredentials {
  /** The valid Authorization header for a security scheme name (ownerJwt, agentKey, apiKey). */
  valid: Record<string, string>;
  /** Authorization headers that must all be refused; "" sends none. */
  invalid: readonly string[];
  /** Extra values for path parameters by name, e.g. another owner's key ids for `id`. */
  pathValues: Readonly<Record<string, readonly string[]>>;
}

type Variation = Omit<FuzzRequest, "api" | "stream" | "method"> & { method?: string };

const encode = (value: Json) => encodeURIComponent(typeof value === "string" ? value : JSON.stringify(value));

/**
 * Requests for one operation: a valid baseline, then variations of credentials, path, query, headers,
 * content type, raw body and each body field, interleaved by kind and cut to `budget` in an order drawn
 * from `rng` (so a seed fixes the run).
 */
export function casesFor(op: Operation, credentials: FuzzCredentials, rng: Rng, budget: number): FuzzRequest[] {
  const pathSample = (name: string) => credentials.pathValues[name]?.[0] ?? "x";
  const pathWith = (override: Record<string, string>) =>
    op.path.replace(/\{([^}]+)\}/g, (_, name: string) => override[name] ?? encodeURIComponent(pathSample(name)));
  const queryParams = op.params.filter((p) => p.in === "query");
  const baseQuery: Record<string, string> = {};
  for (const p of queryParams) if (p.required) baseQuery[p.name] = encode(sampleValue(p.schema ?? {}, op.resolve));
  const urlWith = (path: string, query: Record<string, string>, extra = "") => {
    const q = Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${v}`);
    if (extra) q.push(extra);
    return q.length > 0 ? `${path}?${q.join("&")}` : path;
  };
  const auth = op.security.map((s) => credentials.valid[s]).find((v) => v !== undefined);
  const baseHeaders: Record<string, string> = auth ? { authorization: auth } : {};
  const bodySchema = op.body ? op.resolve(op.body) : undefined;
  const sample = bodySchema ? sampleValue(bodySchema, op.resolve) : undefined;
  const jsonHeaders = { ...baseHeaders, "content-type": "application/json" };
  const baseline: Variation = {
    label: "baseline",
    url: urlWith(pathWith({}), baseQuery),
    headers: bodySchema ? jsonHeaders : baseHeaders,
    body: bodySchema ? JSON.stringify(sample) : undefined,
  };

  const kinds: Variation[][] = [];
  kinds.push(
    credentials.invalid.map((value, i) => {
      const headers = { ...baseline.headers };
      delete headers.authorization;
      if (value) headers.authorization = value;
      return { ...baseline, label: `credentials #${i}`, headers };
    }),
  );
  for (const p of op.params.filter((x) => x.in === "path")) {
    const values = [...HOSTILE_PATH_SEGMENTS, ...(credentials.pathValues[p.name] ?? []).map(encodeURIComponent)];
    kinds.push(values.map((v) => ({ ...baseline, label: `path ${p.name}=${v.slice(0, 40)}`, url: urlWith(pathWith({ [p.name]: v }), baseQuery) })));
  }
  const queryVariations: Variation[] = [];
  for (const p of queryParams) {
    for (const v of HOSTILE_QUERY_VALUES)
      queryVariations.push({ ...baseline, label: `query ${p.name}=${v.slice(0, 40)}`, url: urlWith(pathWith({}), { ...baseQuery, [p.name]: v }) });
    queryVariations.push({ ...baseline, label: `query ${p.name} twice`, url: urlWith(pathWith({}), baseQuery, `${p.name}=a&${p.name}=b`) });
  }
  queryVariations.push({
    ...baseline,
    label: "query prototype keys",
    url: urlWith(pathWith({}), baseQuery, "__proto__%5Bx%5D=1&constructor%5Bprototype%5D%5Bx%5D=1"),
  });
  kinds.push(queryVariations);
  const headerNames = ["x-request-id", ...op.params.filter((p) => p.in === "header").map((p) => p.name)];
  kinds.push(
    headerNames.flatMap((name) =>
      HOSTILE_HEADER_VALUES.map((v) => ({ ...baseline, label: `header ${name}=${v.slice(0, 20)}`, headers: { ...baseline.headers, [name]: v } })),
    ),
  );
  if (bodySchema) {
    kinds.push(WRONG_CONTENT_TYPES.map((type) => ({ ...baseline, label: `content-type ${type}`, headers: { ...baseHeaders, "content-type": type } })));
    kinds.push(HOSTILE_RAW_BODIES.map((body, i) => ({ ...baseline, label: `raw body #${i}`, body })));
    kinds.push(fieldVariations(bodySchema, sample, baseline));
  }

  const picked: Variation[] = [baseline];
  const queues = kinds.map((list) => shuffled(list, rng)).filter((q) => q.length > 0);
  while (picked.length < budget && queues.some((q) => q.length > 0)) {
    for (const q of queues) if (q.length > 0 && picked.length < budget) picked.push(q.shift()!);
  }
  return picked.map((v) => ({
    api: op.api,
    stream: op.stream,
    method: v.method ?? op.method,
    label: `${op.method} ${op.path} ${v.label}`,
    url: v.url,
    headers: v.headers,
    body: v.body,
  }));
}

/** Each top-level field replaced by each hostile value, each required field left out, prototype keys added. */
function fieldVariations(schema: JsonSchema, sample: Json | undefined, baseline: Variation): Variation[] {
  const base = sample !== null && typeof sample === "object" && !Array.isArray(sample) ? sample : {};
  const out: Variation[] = [];
  for (const field of Object.keys(propertiesOf(schema))) {
    for (const value of HOSTILE_JSON_VALUES)
      out.push({ ...baseline, label: `field ${field}=${JSON.stringify(value).slice(0, 30)}`, body: JSON.stringify({ ...base, [field]: value }) });
  }
  for (const field of requiredOf(schema)) {
    const { [field]: _left, ...rest } = base;
    out.push({ ...baseline, label: `field ${field} missing`, body: JSON.stringify(rest) });
  }
  const others = JSON.stringify(base).slice(1, -1);
  out.push({ ...baseline, label: "field __proto__", body: `{"__proto__":{"polluted":true}${others ? `,${others}` : ""}}` });
  return out;
}

function shuffled<T>(list: readonly T[], rng: Rng): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
