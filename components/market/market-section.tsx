import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { ChartCandlestickIcon } from "lucide-react";
import { ApiUnavailable } from "@/components/ui/api-unavailable";
import { Skeleton } from "@/components/ui/skeleton";
import { browserMarketApiUrl } from "@/lib/dashboard/api";
import { loadMarket } from "./load";
import { MarketApiProvider } from "./market-api";
import { MarketView } from "./market-view";

/** A market's page as the server reads it (the market and its book), then kept live in the browser. */
export async function MarketSection({ symbol, ticket }: { symbol: string; ticket: ReactNode }) {
  const loaded = await loadMarket(symbol);
  if (!loaded.ok) return <ApiUnavailable title={`${symbol} could not be read`} icon={ChartCandlestickIcon} failure={loaded.failure} />;
  if (!loaded.pair) notFound();
  return (
    <MarketApiProvider baseUrl={browserMarketApiUrl()}>
      <MarketView pair={loaded.pair} initialBook={loaded.book} ticket={ticket} />
    </MarketApiProvider>
  );
}

export function MarketSectionSkeleton({ symbol }: { symbol: string }) {
  return (
    <div role="status" aria-label={`Loading ${symbol}`} className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">{symbol}</h1>
      <Skeleton className="h-8 w-48" />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Skeleton className="h-[28rem] w-full" />
        <Skeleton className="h-[28rem] w-full" />
      </div>
    </div>
  );
}
