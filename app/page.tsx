import type { Metadata } from "next";
import { ChartCandlestickIcon } from "lucide-react";
import { FeatureUnavailable } from "@/components/shell/feature-unavailable";

export const metadata: Metadata = { title: "Markets" };

export default function Page() {
  return (
    <FeatureUnavailable
      title="Markets"
      purpose="Follow prices, order books and funding rates for every perpetual market, aggregated across the venues."
      icon={ChartCandlestickIcon}
      feature="Prices, order books and funding"
    />
  );
}
