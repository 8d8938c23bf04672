import { describe, expect, it } from "vitest";
import { errorCodeViews } from "./errors";
import { dereference, resolvePointer, schemaNameOf } from "./refs";
import { typeLabel, type SchemaNode } from "./schema-tree";
import { buildReferenceView, ReferenceDocumentError } from "./view-model";

const doc = {
  openapi: "3.1.0",
  info: { title: "Test API", version: "1.2.3", description: "For tests." },
  servers: [{ url: "/api", description: "Here" }],
  security: [{ agentKey: ["trade"] }],
  tags: [{ name: "Orders", description: "Placing orders" }, { name: "Unused" }],
  components: {
    securitySchemes: {
      agentKey: { type: "http", scheme: "bearer", description: "Agent key" },
      ownerJwt: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
    },
    parameters: {
      Market: { name: "market", in: "path", schema: { type: "string", example: "BTC-PERP" } },
    },
    schemas: {
      Order: {
        type: "object",
        required: ["id", "side"],
        properties: {
          id: { type: "string", format: "uuid" },
          side: { type: "string", enum: ["buy", "sell"], description: "Direction" },
          size: { type: "string", pattern: "^[0-9]+$" },
          leverage: { type: "integer", minimum: 1, maximum: 50, default: 1 },
          parent: { anyOf: [{ $ref: "#/components/schemas/Order" }, { type: "null" }] },
          fills: { type: "array", items: { $ref: "#/components/schemas/Fill" } },
          tags: { type: ["array", "null"], items: { type: "string" }, maxItems: 10000 },
        },
      },
      Fill: { type: "object", properties: { price: { type: "string" } } },
    },
  },
  paths: {
    "/markets/{market}/orders": {
      parameters: [{ $ref: "#/components/parameters/Market" }],
      post: {
        tags: ["Orders"],
        summary: "Place an order",
        operationId: "placeOrder",
        parameters: [{ name: "dry_run", in: "query", schema: { type: "boolean" } }],
        requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/Order" } } } },
        responses: {
          default: { description: "Error" },
          "400": { description: "Bad", content: { "application/json": { schema: { $ref: "#/components/schemas/Missing" } } } },
          "200": {
            description: "Placed",
            headers: { "X-Request-ID": { description: "Request id", schema: { type: "string" } } },
            content: { "application/json": { schema: { $ref: "#/components/schemas/Order" } } },
          },
        },
      },
      get: { tags: ["Orders"], summary: "List orders", security: [], responses: { "200": { description: "OK" } } },
    },
    "/keys": {
      delete: { security: [{ ownerJwt: [] }, {}], responses: { "204": { description: "Gone" } } },
      put: { parameters: [{ $ref: "#/components/parameters/Nope" }], responses: {} },
    },
  },
};

describe("refs", () => {
  it("resolves local JSON pointers with escapes", () => {
    const root = { a: { "b/c": { "~d": [10, 20] } } };
    expect(resolvePointer(root, "#/a/b~1c/~0d/1")).toBe(20);
    expect(resolvePointer(root, "#/a/missing")).toBeUndefined();
    expect(resolvePointer(root, "other.json#/a")).toBeUndefined();
  });

  it("follows ref chains and reports cycles", () => {
    const root = { x: { $ref: "#/y" }, y: { $ref: "#/x" }, z: { $ref: "#/w" }, w: { ok: true } };
    expect(dereference(root, { $ref: "#/z" })).toEqual({ value: { ok: true } });
    expect(dereference(root, { $ref: "#/x" })).toEqual({ error: "circular reference #/x" });
  });

  it("names component schemas only", () => {
    expect(schemaNameOf("#/components/schemas/Order")).toBe("Order");
    expect(schemaNameOf("#/components/parameters/Market")).toBeUndefined();
  });
});

describe("buildReferenceView", () => {
  const view = buildReferenceView(doc);
  const orders = view.groups.find((g) => g.tag === "Orders");
  const place = orders?.operations.find((op) => op.operationId === "placeOrder");

  it("reads info, servers and security schemes", () => {
    expect(view.info).toEqual({ title: "Test API", version: "1.2.3", description: "For tests." });
    expect(view.servers).toEqual([{ url: "/api", description: "Here" }]);
    expect(view.securitySchemes.map((s) => [s.name, s.anchor, s.summary])).toEqual([
      ["agentKey", "security-agentKey", "HTTP bearer"],
      ["ownerJwt", "security-ownerJwt", "HTTP bearer (JWT)"],
    ]);
  });

  it("groups operations by first tag, declared tags first, untagged last, empty tags dropped", () => {
    expect(view.groups.map((g) => g.tag)).toEqual(["Orders", "General"]);
    expect(orders?.description).toBe("Placing orders");
    expect(orders?.operations.map((op) => `${op.method} ${op.path}`)).toEqual(["get /markets/{market}/orders", "post /markets/{market}/orders"]);
    expect(view.operationCount).toBe(4);
    expect(place?.anchor).toBe("op-placeOrder");
    expect(orders?.operations[0]?.anchor).toBe("op-get-markets-market-orders");
  });

  it("inherits document security unless the operation overrides it", () => {
    expect(place?.security).toEqual([{ schemes: [{ name: "agentKey", anchor: "security-agentKey", scopes: ["trade"] }] }]);
    expect(orders?.operations[0]?.security).toEqual([]);
    const del = view.groups[1]?.operations.find((op) => op.method === "delete");
    expect(del?.security).toEqual([{ schemes: [{ name: "ownerJwt", anchor: "security-ownerJwt", scopes: [] }] }, { schemes: [] }]);
  });

  it("merges path-level parameters resolved through $ref", () => {
    expect(place?.parameters.map((p) => [p.name, p.location, p.required])).toEqual([
      ["market", "path", true],
      ["dry_run", "query", false],
    ]);
    expect(place?.parameters[0]?.schema?.facts.examples).toEqual(['"BTC-PERP"']);
  });

  it("turns a body $ref into a link and expands the target beneath it", () => {
    const media = place?.requestBody?.content[0];
    expect(place?.requestBody?.required).toBe(true);
    expect(media?.schema).toMatchObject({ kind: "ref", name: "Order", anchor: "schema-Order", resolved: true });
    expect(media?.expanded?.kind).toBe("object");
  });

  it("orders responses by status with default last, and keeps headers", () => {
    expect(place?.responses.map((r) => r.status)).toEqual(["200", "400", "default"]);
    expect(place?.responses[0]?.headers).toMatchObject([{ name: "X-Request-ID", description: "Request id" }]);
  });

  it("flags dangling references instead of failing", () => {
    const bad = place?.responses[1]?.content[0];
    expect(bad?.schema).toMatchObject({ kind: "ref", name: "Missing", resolved: false });
    expect(bad?.expanded).toBeNull();
    expect(view.warnings).toContain("The reference #/components/schemas/Missing has no target in components.schemas.");
    expect(view.warnings).toContain("PUT /keys, parameter 1: unresolved reference #/components/parameters/Nope.");
  });

  it("renders component schemas as trees, sorted by name", () => {
    expect(view.schemas.map((s) => s.name)).toEqual(["Fill", "Order"]);
    const order = view.schemas[1]?.node;
    if (order?.kind !== "object") throw new Error("Order should be an object");
    const prop = (name: string): SchemaNode => {
      const found = order.properties.find((p) => p.name === name);
      if (!found) throw new Error(`no property ${name}`);
      return found.node;
    };
    expect(order.properties.filter((p) => p.required).map((p) => p.name)).toEqual(["id", "side"]);
    expect(prop("id").facts.format).toBe("uuid");
    expect(prop("side").facts).toMatchObject({ enumValues: ['"buy"', '"sell"'], description: "Direction" });
    expect(prop("size").facts.constraints).toEqual(["pattern ^[0-9]+$"]);
    expect(prop("leverage").facts).toMatchObject({ constraints: ["1–50"], defaultValue: "1" });
    expect(typeLabel(prop("parent"))).toBe("Order | null");
    expect(typeLabel(prop("fills"))).toBe("array<Fill>");
    expect(typeLabel(prop("tags"))).toBe("array<string> | null");
    expect(prop("tags").facts.constraints).toEqual(["items ≤ 10,000"]);
  });

  it("rejects something that is not an OpenAPI 3 document", () => {
    expect(() => buildReferenceView({ swagger: "2.0" })).toThrow(ReferenceDocumentError);
    expect(() => buildReferenceView(null)).toThrow(ReferenceDocumentError);
  });
});

describe("errorCodeViews", () => {
  it("gives every code its error-<CODE> anchor", () => {
    const views = errorCodeViews();
    expect(views.find((v) => v.code === "INVALID_JSON")).toEqual({
      code: "INVALID_JSON",
      status: 400,
      summary: "The request body is not valid JSON.",
      anchor: "error-INVALID_JSON",
    });
    expect(new Set(views.map((v) => v.anchor)).size).toBe(views.length);
  });
});
