import { ChevronRightIcon } from "lucide-react";
import type { ReferenceView } from "@/lib/reference/view-model";
import { SchemaTree } from "./schema-tree";
import { Section } from "./section";

/** Every named schema, folded to its name; a link to one (#schema-Name) opens it. */
export function SchemasSection({ schemas }: { schemas: ReferenceView["schemas"] }) {
  return (
    <Section id="schemas" title="Schemas" description="Named shapes, linked from wherever the document refers to them.">
      {schemas.length === 0 ? <p className="text-sm text-muted-foreground">This document defines no named schemas.</p> : null}
      <div className="flex flex-col gap-2">
        {schemas.map((schema) => (
          <details
            key={schema.name}
            id={schema.anchor}
            aria-labelledby={`${schema.anchor}-title`}
            className="group scroll-mt-28 rounded-lg border bg-card target:ring-2 target:ring-ring"
          >
            <summary className="flex cursor-pointer list-none items-center gap-2 p-3 hover:bg-muted/40 [&::-webkit-details-marker]:hidden">
              <ChevronRightIcon className="size-4 text-muted-foreground transition-transform group-open:rotate-90" aria-hidden="true" />
              <h3 id={`${schema.anchor}-title`} className="font-mono text-sm font-semibold">
                {schema.name}
              </h3>
            </summary>
            <div className="border-t p-4">
              <SchemaTree node={schema.node} />
            </div>
          </details>
        ))}
      </div>
    </Section>
  );
}
