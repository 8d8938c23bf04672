import type { Metadata } from "next";
import { KeyRoundIcon } from "lucide-react";
import { FeatureUnavailable } from "@/components/shell/feature-unavailable";

export const metadata: Metadata = { title: "Keys" };

export default function Page() {
  return (
    <FeatureUnavailable
      title="Keys"
      purpose="Mint, scope and revoke the agent keys your trading agents use to reach the API."
      icon={KeyRoundIcon}
      feature="Agent key management"
    />
  );
}
