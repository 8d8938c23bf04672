import type { ReactNode } from "react";
import type { TokenPair } from "@/lib/client/market-data";
import { decimalsOf, formatDecimal, formatFunding } from "./format";
import { marketPrice } from "./market-rows";

/**
 * The terminal's market bar: the market's name (`title`, e.g. the market switcher), its price and 24h
 * change (`change`), then mark, index, funding, volume and maximum leverage; `status` at the end.
 */
export function MarketHeader({ pair, title, change, status }: { pair: TokenPair; title: ReactNode; change: ReactNode; status?: ReactNode }) {
  const decimals = decimalsOf(pair.tickSize);
  const price = marketPrice(pair);
  const figure = (value: string | null) => (value === null ? "—" : formatDecimal(value, decimals));
  const stats: [string, string][] = [
    ["Mark", figure(pair.markPrice)],
    ["Index", figure(pair.indexPrice)],
    ["Funding (1h)", pair.fundingRate === null ? "—" : formatFunding(pair.fundingRate)],
    [`24h volume (${pair.base})`, formatDecimal(pair.volume24h, decimalsOf(pair.lotSize))],
    ["Max leverage", `${pair.maxLeverage}×`],
  ];
  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-1 rounded-lg border bg-card px-2 py-1.5" data-testid="market-bar">
      {title}
      <p className="flex items-baseline gap-2 font-mono tabular-nums">
        <span className="text-lg" data-testid="market-price">
          {figure(price)}
        </span>
        {change}
      </p>
      <dl className="hidden flex-wrap gap-x-5 gap-y-1 text-xs sm:flex">
        {stats.map(([name, value]) => (
          <div key={name} className="flex flex-col">
            <dt className="text-muted-foreground">{name}</dt>
            <dd className="font-mono tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {status ? <div className="ml-auto">{status}</div> : null}
    </div>
  );
}
