import type { Metadata } from "next";
import { ArrowLeftRightIcon } from "lucide-react";
import { MarketApiProvider } from "@/components/market/market-api";
import { PageHeader } from "@/components/shell/page-header";
import { TradeDesk } from "@/components/trade/trade-desk";
import { ApiUnavailable } from "@/components/ui/api-unavailable";
import { EmptyState } from "@/components/ui/empty-state";
import { deskStreamAvailable } from "@/lib/dashboard/account-stream";
import { browserMarketApiUrl, pageRead, publicClients } from "@/lib/dashboard/api";
import { requireOwnerId } from "@/lib/dashboard/session";

export const metadata: Metadata = { title: "Trade" };

const TITLE = "Trade";
const PURPOSE = "Place smart-routed perpetual orders and manage positions, open orders, pair trades and the kill switch.";

export default async function TradePage({ searchParams }: { searchParams: Promise<{ symbol?: string | string[] }> }) {
  await requireOwnerId("/trade");
  const [loaded, { symbol }] = await Promise.all([pageRead(() => publicClients().marketData.tokenPairs()), searchParams]);
  return (
    <>
      <PageHeader title={TITLE} description={PURPOSE} />
      {!loaded.ok ? (
        <ApiUnavailable title="The trading API could not be reached" icon={ArrowLeftRightIcon} failure={loaded.failure} />
      ) : loaded.value.length === 0 ? (
        <EmptyState icon={ArrowLeftRightIcon} title="No markets to trade" description="The trading API lists no markets: no venue is running." />
      ) : (
        <MarketApiProvider baseUrl={browserMarketApiUrl()}>
          <TradeDesk
            initialPairs={loaded.value}
            initialSymbol={typeof symbol === "string" ? symbol.toUpperCase() : loaded.value[0]!.symbol}
            accountStream={deskStreamAvailable()}
          />
        </MarketApiProvider>
      )}
    </>
  );
}
