import { AlertTriangleIcon } from "lucide-react";
import type { SwapQuoteView } from "@/lib/swap/contract";
import { cn } from "@/components/ui/cn";
import { formatDuration, formatPercent, formatRate, formatUnits, formatUsd, IMPACT_TEXT, impactLevel } from "./view";

function Row({ label, children, emphasis }: { label: string; children: React.ReactNode; emphasis?: string }) {
  return (
    <div className="flex items-start justify-between gap-4 py-1.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={cn("text-right tabular-nums", emphasis)}>{children}</dd>
    </div>
  );
}

/** What a quote promises: rate, minimum received, price impact (with its warning), fees, gas and time. */
export function QuoteSummary({ quote }: { quote: SwapQuoteView }) {
  const level = impactLevel(quote.priceImpact);
  const gasUsd = quote.gasCosts.reduce((sum, g) => sum + Number(g.amountUSD ?? 0), 0);
  const impactColour = level === "none" ? "" : level === "notice" ? "text-info" : level === "warning" ? "text-warning" : "text-destructive font-medium";
  return (
    <section aria-label="Quote" className="flex flex-col gap-3">
      <dl className="divide-y text-sm">
        <Row label="You receive">
          <span className="font-medium">
            {formatUnits(quote.toAmount, quote.toToken.decimals)} {quote.toToken.symbol}
          </span>{" "}
          <span className="text-muted-foreground">({formatUsd(quote.toAmountUSD)})</span>
        </Row>
        <Row label="Rate">
          1 {quote.fromToken.symbol} = {formatRate(quote.rate)} {quote.toToken.symbol}
        </Row>
        <Row label="Minimum received">
          <span data-testid="minimum-received">
            {formatUnits(quote.toAmountMin, quote.toToken.decimals)} {quote.toToken.symbol}
          </span>
        </Row>
        <Row label="Price impact" emphasis={impactColour}>
          {formatPercent(quote.priceImpact)}
        </Row>
        <Row label="Fees">
          {quote.feeCosts.length === 0
            ? "None"
            : quote.feeCosts.map((f) => (
                <span key={`${f.name}-${f.token.chainId}-${f.token.symbol}`} className="block">
                  {f.name}: {formatUnits(f.amount, f.token.decimals)} {f.token.symbol}
                </span>
              ))}
        </Row>
        <Row label="Network cost">{formatUsd(gasUsd.toFixed(2))}</Row>
        <Row label="Time">{formatDuration(quote.executionDuration)}</Row>
        <Row label="Route">{quote.steps.map((s) => (s.type === "bridge" ? `bridge (${s.tool})` : `swap (${s.tool})`)).join(" → ")}</Row>
      </dl>
      {level !== "none" ? (
        <p
          role="alert"
          className={cn(
            "flex items-start gap-2 rounded-md border px-3 py-2 text-sm",
            level === "notice"
              ? "border-info/30 bg-info/10 text-info"
              : level === "warning"
                ? "border-warning/30 bg-warning/10 text-warning"
                : "border-destructive/30 bg-destructive/10 text-destructive",
          )}
        >
          <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          {IMPACT_TEXT[level]}
        </p>
      ) : null}
    </section>
  );
}
