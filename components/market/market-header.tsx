import { cn } from "@/components/ui/cn";
import type { TokenPair } from "@/lib/client/market-data";
import { decimalsOf, formatChange, formatDecimal, formatFunding, signOf } from "./format";
import { marketPrice } from "./market-rows";

/** The market's name and its figures of the moment: price, 24h change, mark, index, funding, volume. */
export function MarketHeader({ pair }: { pair: TokenPair }) {
  const decimals = decimalsOf(pair.tickSize);
  const price = marketPrice(pair);
  const change = pair.change24h === null ? 0 : signOf(pair.change24h);
  const figure = (value: string | null) => (value === null ? "—" : formatDecimal(value, decimals));
  const stats: [string, string][] = [
    ["Mark", figure(pair.markPrice)],
    ["Index", figure(pair.indexPrice)],
    ["Funding (1h)", pair.fundingRate === null ? "—" : formatFunding(pair.fundingRate)],
    [`24h volume (${pair.base})`, formatDecimal(pair.volume24h, decimalsOf(pair.lotSize))],
    ["Max leverage", `${pair.maxLeverage}×`],
  ];
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">
          {pair.base}
          <span className="text-muted-foreground">-{pair.quote}</span> <span className="text-base font-normal text-muted-foreground">perpetual</span>
        </h1>
        <p className="flex items-baseline gap-3 font-mono tabular-nums">
          <span className="text-xl" data-testid="market-price">
            {figure(price)}
          </span>
          <span className={cn("text-sm", change > 0 && "text-success", change < 0 && "text-destructive")}>
            {pair.change24h === null ? "—" : formatChange(pair.change24h)}
          </span>
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-5">
        {stats.map(([name, value]) => (
          <div key={name} className="flex flex-col">
            <dt className="text-xs text-muted-foreground">{name}</dt>
            <dd className="font-mono tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
