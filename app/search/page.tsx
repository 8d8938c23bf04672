import type { Metadata } from "next";
import { SearchIcon } from "lucide-react";
import { FeatureUnavailable } from "@/components/shell/feature-unavailable";

export const metadata: Metadata = { title: "Search" };

export default function Page() {
  return (
    <FeatureUnavailable
      title="Search"
      purpose="Run credit-metered web searches and single-URL scrapes, and watch your credit balance."
      icon={SearchIcon}
      feature="The search console"
    />
  );
}
