import type { Metadata } from "next";
import { ArrowLeftRightIcon } from "lucide-react";
import { FeatureUnavailable } from "@/components/shell/feature-unavailable";

export const metadata: Metadata = { title: "Trade" };

export default function Page() {
  return (
    <FeatureUnavailable
      title="Trade"
      purpose="Place smart-routed perpetual orders and manage open positions and pair trades."
      icon={ArrowLeftRightIcon}
      feature="The trade desk"
    />
  );
}
