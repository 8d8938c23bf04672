import { exampleValue } from "./example";
import type { SchemaNode } from "./schema-tree";
import type { MediaView, OperationView } from "./view-model";

/** What the try-it panel starts from for one operation; see components/reference/try-it.tsx. */
export interface TryOperationView {
  method: string;
  path: string;
  parameters: { name: string; location: string; required: boolean; example: string }[];
  body: string | null;
}

const asText = (value: unknown): string => (typeof value === "string" ? value : value === undefined || value === null ? "" : JSON.stringify(value));

function bodyExample(content: readonly MediaView[], schemaOf: (name: string) => SchemaNode | undefined): string | null {
  const media = content.find((m) => m.mediaType.includes("json")) ?? content[0];
  if (!media) return null;
  if (media.example) return media.example;
  const node = media.expanded ?? media.schema;
  return node ? JSON.stringify(exampleValue(node, schemaOf), null, 2) : "{}";
}

/**
 * Required parameters start from an example of their schema; optional ones only from an example the
 * document gives (a made-up value could change what the call does).
 */
export function tryOperationOf(op: OperationView, schemaOf: (name: string) => SchemaNode | undefined): TryOperationView {
  return {
    method: op.method,
    path: op.path,
    parameters: op.parameters.map((p) => {
      const given = p.schema?.facts.examples[0];
      const example = p.required && p.schema ? asText(exampleValue(p.schema, schemaOf)) : given ? asText(JSON.parse(given)) : "";
      return { name: p.name, location: p.location, required: p.required, example };
    }),
    body: op.requestBody ? bodyExample(op.requestBody.content, schemaOf) : null,
  };
}
