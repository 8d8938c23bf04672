import { Suspense } from "react";
import type { Metadata } from "next";
import { MarketsSection, MarketsSectionSkeleton } from "@/components/market/markets-section";
import { PageHeader } from "@/components/shell/page-header";

export const metadata: Metadata = { title: "Markets" };

export default function MarketsPage() {
  return (
    <>
      <PageHeader title="Markets" description="Every perpetual market, aggregated across the venues: price, 24-hour change and volume, and funding." />
      <Suspense fallback={<MarketsSectionSkeleton />}>
        <MarketsSection />
      </Suspense>
    </>
  );
}
