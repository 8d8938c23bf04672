import { EmptyState } from "@/components/ui/empty-state";
import type { OperationGroup } from "@/lib/reference/view-model";
import { OperationCard } from "./operation-card";
import { RichText } from "./rich-text";
import { Section } from "./section";

export function Endpoints({ groups }: { groups: OperationGroup[] }) {
  return (
    <Section id="endpoints" title="Endpoints" description="Operations grouped by tag.">
      {groups.length === 0 ? <EmptyState title="No operations yet" description="This document does not describe any operations." /> : null}
      {groups.map((group) => (
        <div key={group.tag} id={group.anchor} className="flex scroll-mt-28 flex-col gap-3">
          <h3 className="text-lg font-semibold">{group.tag}</h3>
          {group.description ? <RichText text={group.description} /> : null}
          {group.operations.map((op) => (
            <OperationCard key={op.anchor} op={op} />
          ))}
        </div>
      ))}
    </Section>
  );
}
