import type { Metadata } from "next";
import { ArrowRightLeftIcon } from "lucide-react";
import { PageHeader } from "@/components/shell/page-header";
import { SwapDesk } from "@/components/swap/swap-desk";
import { WalletProvider } from "@/components/wallet/wallet-provider";
import { ApiUnavailable } from "@/components/ui/api-unavailable";
import { EmptyState } from "@/components/ui/empty-state";
import type { SwapChainView, SwapStatusView } from "@/lib/swap/contract";
import { deskSwapClient, pageRead } from "@/lib/dashboard/api";
import { requireOwnerId } from "@/lib/dashboard/session";

export const metadata: Metadata = { title: "Swap" };

const TITLE = "Swap";
const PURPOSE = "Quote and execute cross-chain token swaps, and follow each one until it settles.";

type Desk = { available: true; chains: SwapChainView[]; deskAddress: string; history: SwapStatusView[] } | { available: false; reason: string };

async function load(ownerId: string): Promise<Desk> {
  const client = await deskSwapClient(ownerId);
  const chains = await client.chains();
  if (!chains.available) return { available: false, reason: chains.reason ?? "Swaps are not available on this deployment." };
  const [wallet, history] = await Promise.all([client.wallet(), client.history()]);
  return {
    available: true,
    chains: chains.chains.filter((c) => c.chainType === "EVM" && c.tokens.length > 0),
    deskAddress: wallet.address,
    history,
  };
}

export default async function SwapPage() {
  const ownerId = await requireOwnerId("/swap");
  const loaded = await pageRead(() => load(ownerId));
  return (
    <>
      <PageHeader title={TITLE} description={PURPOSE} />
      {!loaded.ok ? (
        <ApiUnavailable title="The swap API could not be reached" icon={ArrowRightLeftIcon} failure={loaded.failure} />
      ) : !loaded.value.available ? (
        <EmptyState icon={ArrowRightLeftIcon} title="Swaps are off here" description={loaded.value.reason} />
      ) : loaded.value.chains.length === 0 ? (
        <EmptyState
          icon={ArrowRightLeftIcon}
          title="No chains to swap on"
          description="The provider lists no EVM chain with tokens; quotes and status remain available through the API."
        />
      ) : (
        <WalletProvider>
          <SwapDesk chains={loaded.value.chains} deskAddress={loaded.value.deskAddress} history={loaded.value.history} />
        </WalletProvider>
      )}
    </>
  );
}
