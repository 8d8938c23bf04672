import { CheckCircle2Icon, CircleDashedIcon, LoaderCircleIcon, XCircleIcon } from "lucide-react";
import type { SwapStatusView } from "@/lib/swap/contract";
import { Badge } from "@/components/ui/badge";
import type { WalletStep } from "./use-wallet-swap";
import { formatUnits, shortHash } from "./view";

type State = "waiting" | "active" | "done" | "failed";

function Mark({ state }: { state: State }) {
  if (state === "done") return <CheckCircle2Icon className="size-4 text-success" aria-hidden />;
  if (state === "failed") return <XCircleIcon className="size-4 text-destructive" aria-hidden />;
  if (state === "active") return <LoaderCircleIcon className="size-4 animate-spin text-info" aria-hidden />;
  return <CircleDashedIcon className="size-4 text-muted-foreground" aria-hidden />;
}

const SUBSTATUS_WORDS: Record<string, string> = {
  WAIT_SOURCE_CONFIRMATIONS: "Waiting for source confirmations",
  WAIT_DESTINATION_TRANSACTION: "Waiting for the destination",
  REFUND_IN_PROGRESS: "Refund in progress",
  COMPLETED: "Completed",
  REFUNDED: "Refunded",
  PARTIAL: "Partly completed",
};

export function statusBadge(status: SwapStatusView["status"]) {
  return <Badge variant={status === "DONE" ? "success" : status === "FAILED" ? "destructive" : "info"}>{status}</Badge>;
}

/** The swap's progress: the wallet's own steps, then what the chains and the relayer report. */
export function StatusTimeline({
  walletSteps,
  swap,
  chainName,
}: {
  walletSteps: WalletStep[];
  swap: SwapStatusView | undefined;
  chainName: (id: number) => string;
}) {
  const cross = swap ? swap.fromChainId !== swap.toChainId : false;
  const sub = swap?.substatus;
  const confirmed = swap && (swap.status !== "PENDING" || sub === "WAIT_DESTINATION_TRANSACTION" || sub === "REFUND_IN_PROGRESS");
  const later: { label: string; state: State }[] = swap
    ? [
        { label: `Confirmed on ${chainName(swap.fromChainId)}`, state: swap.status === "FAILED" ? "failed" : confirmed ? "done" : "active" },
        ...(cross
          ? [
              {
                label: `Released on ${chainName(swap.toChainId)}`,
                state: (swap.status === "DONE" ? "done" : swap.status === "FAILED" ? "failed" : confirmed ? "active" : "waiting") as State,
              },
            ]
          : []),
      ]
    : [];
  return (
    <section aria-label="Swap progress" className="flex flex-col gap-3 rounded-md border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">Progress</h2>
        {swap ? (
          <div className="flex items-center gap-2" data-testid="swap-status">
            {statusBadge(swap.status)}
            <span className="text-sm text-muted-foreground">{SUBSTATUS_WORDS[swap.substatus] ?? swap.substatusMessage}</span>
          </div>
        ) : null}
      </div>
      <ol className="flex flex-col gap-2 text-sm">
        {walletSteps.map((s, i) => (
          <li key={`w${i}`} className="flex items-start gap-2">
            <Mark state={s.state} />
            <span className="min-w-0 flex-1">
              {s.label}
              {s.hash ? <code className="ml-2 text-xs text-muted-foreground">{shortHash(s.hash)}</code> : null}
            </span>
          </li>
        ))}
        {later.map((s) => (
          <li key={s.label} className="flex items-start gap-2">
            <Mark state={s.state} />
            <span>{s.label}</span>
          </li>
        ))}
      </ol>
      {swap?.receiving?.amount && swap.status === "DONE" ? (
        <p className="text-sm" data-testid="swap-received">
          {swap.substatus === "REFUNDED" ? "Refunded" : "Received"}{" "}
          {swap.substatus === "REFUNDED"
            ? `${formatUnits(swap.receiving.amount, 6)} USDC`
            : `${formatUnits(swap.receiving.amount, swap.toToken.decimals)} ${swap.toToken.symbol}`}{" "}
          on {chainName(swap.receiving.chainId)}
        </p>
      ) : null}
      {swap?.status === "FAILED" ? (
        <p role="alert" className="text-sm text-destructive">
          {swap.substatusMessage}
        </p>
      ) : null}
    </section>
  );
}
