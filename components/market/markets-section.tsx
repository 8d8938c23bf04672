import { ChartCandlestickIcon } from "lucide-react";
import { ApiUnavailable } from "@/components/ui/api-unavailable";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { browserMarketApiUrl } from "@/lib/dashboard/api";
import { loadMarkets } from "./load";
import { MarketApiProvider } from "./market-api";
import { MarketsTable } from "./markets-table";

/** The markets list as the server reads it, then kept live in the browser. */
export async function MarketsSection() {
  const loaded = await loadMarkets();
  if (!loaded.ok) return <ApiUnavailable title="Markets could not be read" icon={ChartCandlestickIcon} failure={loaded.failure} />;
  if (loaded.pairs.length === 0)
    return (
      <EmptyState icon={ChartCandlestickIcon} title="No markets listed" description="The API lists no market: no venue is connected to this deployment." />
    );
  return (
    <MarketApiProvider baseUrl={browserMarketApiUrl()}>
      <MarketsTable initialPairs={loaded.pairs} initialSparklines={loaded.sparklines} />
    </MarketApiProvider>
  );
}

export function MarketsSectionSkeleton() {
  return (
    <div role="status" aria-label="Loading markets" className="flex flex-col gap-4">
      <Skeleton className="h-9 w-full max-w-xs" />
      <div className="flex flex-col gap-2 rounded-lg border p-3">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-9 w-full" />
        ))}
      </div>
    </div>
  );
}
