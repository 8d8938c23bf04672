import type { Metadata } from "next";
import { ArrowRightLeftIcon } from "lucide-react";
import { PageHeader } from "@/components/shell/page-header";
import { SwapDesk } from "@/components/swap/swap-desk";
import { WalletProvider } from "@/components/wallet/wallet-provider";
import { ApiUnavailable, type ApiFailure } from "@/components/ui/api-unavailable";
import { EmptyState } from "@/components/ui/empty-state";
import { ApiClientError } from "@/lib/client/http";
import type { SwapChainView, SwapStatusView } from "@/lib/api/trading/swap.schema";
import { requireOwnerId } from "@/lib/dashboard/session";
import { deskSwapClient } from "./desk-api";

export const metadata: Metadata = { title: "Swap" };

const TITLE = "Swap";
const PURPOSE = "Quote and execute cross-chain token swaps, and follow each one until it settles.";

type Loaded =
  | { ok: true; available: true; chains: SwapChainView[]; deskAddress: string; history: SwapStatusView[] }
  | { ok: true; available: false; reason: string }
  | { ok: false; failure: ApiFailure };

async function load(ownerId: string): Promise<Loaded> {
  try {
    const client = await deskSwapClient(ownerId);
    const chains = await client.chains();
    if (!chains.available) return { ok: true, available: false, reason: chains.reason ?? "Swaps are not available on this deployment." };
    const [wallet, history] = await Promise.all([client.wallet(), client.history()]);
    return {
      ok: true,
      available: true,
      chains: chains.chains.filter((c) => c.chainType === "EVM" && c.tokens.length > 0),
      deskAddress: wallet.address,
      history,
    };
  } catch (err) {
    if (!(err instanceof ApiClientError)) throw err;
    return { ok: false, failure: { message: err.message, status: err.status, code: err.code, requestId: err.requestId } };
  }
}

export default async function SwapPage() {
  const ownerId = await requireOwnerId("/swap");
  const loaded = await load(ownerId);
  return (
    <>
      <PageHeader title={TITLE} description={PURPOSE} />
      {!loaded.ok ? (
        <ApiUnavailable title="The swap API could not be reached" icon={ArrowRightLeftIcon} failure={loaded.failure} />
      ) : !loaded.available ? (
        <EmptyState icon={ArrowRightLeftIcon} title="Swaps are off here" description={loaded.reason} />
      ) : loaded.chains.length === 0 ? (
        <EmptyState
          icon={ArrowRightLeftIcon}
          title="No chains to swap on"
          description="The provider lists no EVM chain with tokens; quotes and status remain available through the API."
        />
      ) : (
        <WalletProvider>
          <SwapDesk chains={loaded.chains} deskAddress={loaded.deskAddress} history={loaded.history} />
        </WalletProvider>
      )}
    </>
  );
}
