import type { ComponentProps } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "./page-header";

/** A dashboard area whose feature is not part of this build yet: says so, and shows no fake data. */
export function FeatureUnavailable({
  title,
  purpose,
  icon,
  feature,
}: {
  title: string;
  purpose: string;
  icon: ComponentProps<typeof EmptyState>["icon"];
  /** What will appear here, e.g. "Market data". */
  feature: string;
}) {
  return (
    <>
      <PageHeader title={title} description={purpose} />
      <EmptyState
        icon={icon}
        title="Not available in this build yet"
        description={`${feature} will appear here once the feature ships. Nothing on this page is simulated in the meantime.`}
      />
    </>
  );
}
