import type { ReferenceView } from "@/lib/reference/view-model";
import { Section } from "./section";
import { SchemaTree } from "./schema-tree";

export function SchemasSection({ schemas }: { schemas: ReferenceView["schemas"] }) {
  return (
    <Section id="schemas" title="Schemas" description="Named shapes, linked from wherever the document refers to them.">
      {schemas.length === 0 ? <p className="text-sm text-muted-foreground">This document defines no named schemas.</p> : null}
      {schemas.map((schema) => (
        <article
          key={schema.name}
          id={schema.anchor}
          aria-labelledby={`${schema.anchor}-title`}
          className="flex scroll-mt-28 flex-col gap-2 rounded-lg border bg-card p-4 target:ring-2 target:ring-ring"
        >
          <h3 id={`${schema.anchor}-title`} className="font-mono text-sm font-semibold">
            {schema.name}
          </h3>
          <SchemaTree node={schema.node} />
        </article>
      ))}
    </Section>
  );
}
