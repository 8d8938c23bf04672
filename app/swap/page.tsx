import type { Metadata } from "next";
import { ArrowRightLeftIcon } from "lucide-react";
import { FeatureUnavailable } from "@/components/shell/feature-unavailable";

export const metadata: Metadata = { title: "Swap" };

export default function Page() {
  return (
    <FeatureUnavailable
      title="Swap"
      purpose="Quote and execute cross-chain token swaps, and follow each one until it settles."
      icon={ArrowRightLeftIcon}
      feature="The swap desk"
    />
  );
}
