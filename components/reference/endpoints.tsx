import { EmptyState } from "@/components/ui/empty-state";
import type { SchemaNode } from "@/lib/reference/schema-tree";
import { tryOperationOf } from "@/lib/reference/try-operation";
import type { OperationGroup } from "@/lib/reference/view-model";
import { OperationBrowser } from "./operation-browser";
import { OperationCard } from "./operation-card";
import { RichText } from "./rich-text";
import { type SampleKeyChoice, SampleKeyProvider } from "./sample-key";
import { Section } from "./section";

export function Endpoints({
  groups,
  schemaOf,
  apiBase,
  keys,
}: {
  groups: OperationGroup[];
  schemaOf: (name: string) => SchemaNode | undefined;
  /** Where try-it sends requests: this deployment's API. */
  apiBase: string;
  keys: readonly SampleKeyChoice[];
}) {
  return (
    <Section
      id="endpoints"
      title="Endpoints"
      description="Operations grouped by tag. Open one for its fields, a curl and a TypeScript sample, and a try-it panel."
    >
      {groups.length === 0 ? (
        <EmptyState title="No operations yet" description="This document does not describe any operations." />
      ) : (
        <SampleKeyProvider keys={keys}>
          <OperationBrowser
            groups={groups.map((group) => ({
              tag: group.tag,
              anchor: group.anchor,
              description: group.description ? <RichText text={group.description} /> : null,
              operations: group.operations.map((op) => ({
                anchor: op.anchor,
                text: [op.method, op.path, op.summary, op.operationId].filter(Boolean).join(" "),
                card: <OperationCard op={op} tryOp={tryOperationOf(op, schemaOf)} apiBase={apiBase} />,
              })),
            }))}
          />
        </SampleKeyProvider>
      )}
    </Section>
  );
}
