import { describe, expect, it } from "vitest";
import { exampleValue } from "./example";
import { buildSchemaNode, type SchemaNode } from "./schema-tree";

const ctx = () => ({ schemas: { Side: { type: "string", enum: ["BUY", "SELL"] } }, warnings: [] });
const node = (schema: unknown) => buildSchemaNode(schema, ctx());
const named: Record<string, SchemaNode> = { Side: node({ type: "string", enum: ["BUY", "SELL"] }) };

describe("exampleValue", () => {
  it("uses the schema's example, default or enum, follows refs, and lists required properties", () => {
    const order = node({
      type: "object",
      required: ["symbol", "side", "quantity", "reduce"],
      properties: {
        symbol: { type: "string", example: "BTC-USD" },
        side: { $ref: "#/components/schemas/Side" },
        quantity: { type: "string" },
        reduce: { type: "boolean", default: true },
        note: { type: "string" },
        tags: { type: "array", items: { type: "integer" }, example: [7] },
      },
    });
    expect(exampleValue(order, (n) => named[n])).toEqual({ symbol: "BTC-USD", side: "BUY", quantity: "string", reduce: true });
    expect(exampleValue(node({ anyOf: [{ type: "integer" }, { type: "null" }] }), () => undefined)).toBe(1);
  });
});
