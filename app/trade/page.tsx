import type { Metadata } from "next";
import { ArrowLeftRightIcon } from "lucide-react";
import { browserMarketApiUrl } from "@/components/market/load";
import { MarketApiProvider } from "@/components/market/market-api";
import { PageHeader } from "@/components/shell/page-header";
import { loadTradeMarkets } from "@/components/trade/load";
import { TradeDesk } from "@/components/trade/trade-desk";
import { ApiUnavailable } from "@/components/ui/api-unavailable";
import { EmptyState } from "@/components/ui/empty-state";
import { requireOwnerId } from "@/lib/dashboard/session";
import { deskStreamAvailable } from "@/lib/dashboard/trade-desk";

export const metadata: Metadata = { title: "Trade" };

const TITLE = "Trade";
const PURPOSE = "Place smart-routed perpetual orders and manage positions, open orders, pair trades and the kill switch.";

export default async function TradePage({ searchParams }: { searchParams: Promise<{ symbol?: string | string[] }> }) {
  await requireOwnerId("/trade");
  const [loaded, { symbol }] = await Promise.all([loadTradeMarkets(), searchParams]);
  return (
    <>
      <PageHeader title={TITLE} description={PURPOSE} />
      {!loaded.ok ? (
        <ApiUnavailable title="The trading API could not be reached" icon={ArrowLeftRightIcon} failure={loaded.failure} />
      ) : loaded.pairs.length === 0 ? (
        <EmptyState icon={ArrowLeftRightIcon} title="No markets to trade" description="The trading API lists no markets: no venue is running." />
      ) : (
        <MarketApiProvider baseUrl={browserMarketApiUrl()}>
          <TradeDesk
            initialPairs={loaded.pairs}
            initialSymbol={typeof symbol === "string" ? symbol.toUpperCase() : loaded.pairs[0]!.symbol}
            accountStream={deskStreamAvailable()}
          />
        </MarketApiProvider>
      )}
    </>
  );
}
