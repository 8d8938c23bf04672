import { labelParts, type SchemaNode } from "@/lib/reference/schema-tree";

/** The type of a schema in one line; named schemas link to their entry under Schemas. */
export function TypeLabel({ node }: { node: SchemaNode }) {
  return (
    <code className="text-xs text-info">
      {labelParts(node).map((part, i) => {
        if ("text" in part) return <span key={i}>{part.text}</span>;
        if (part.anchor && part.resolved) {
          return (
            <a key={i} href={`#${part.anchor}`} className="underline decoration-dotted underline-offset-2 hover:decoration-solid">
              {part.ref}
            </a>
          );
        }
        return (
          <span key={i} title="This reference has no target in the document" className="text-destructive">
            {part.ref}
          </span>
        );
      })}
    </code>
  );
}
