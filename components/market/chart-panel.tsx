"use client";

// The price chart with its interval switch, the values under the crosshair (the last candle when the
// pointer is elsewhere) and TradingView's attribution, as the lightweight-charts licence asks.

import { useMemo, useState } from "react";
import { CandlestickChartIcon } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/components/ui/cn";
import type { Candle, CandleInterval } from "@/lib/client/market-data";
import { CandleChart } from "./candle-chart";
import type { ChartBar } from "./chart-bars";
import { LOCALE } from "@/lib/format/locale";

export const INTERVALS: readonly CandleInterval[] = ["1m", "5m", "15m", "1h", "4h", "1d"];

function toBar(candle: Candle): ChartBar {
  return {
    time: Math.floor(candle.time / 1000),
    open: Number(candle.open),
    high: Number(candle.high),
    low: Number(candle.low),
    close: Number(candle.close),
    volume: Number(candle.volume),
  };
}

function Legend({ bar, priceDecimals }: { bar: ChartBar | undefined; priceDecimals: number }) {
  if (!bar) return null;
  const price = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: priceDecimals, maximumFractionDigits: priceDecimals });
  const volume = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2, notation: "compact" });
  const time = new Intl.DateTimeFormat(LOCALE, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const rising = bar.close >= bar.open;
  const values: [string, string][] = [
    ["O", price.format(bar.open)],
    ["H", price.format(bar.high)],
    ["L", price.format(bar.low)],
    ["C", price.format(bar.close)],
    ["V", volume.format(bar.volume)],
  ];
  return (
    <dl className="flex flex-wrap gap-x-3 gap-y-0.5 font-mono text-xs tabular-nums" data-testid="chart-legend" aria-label="Candle values">
      <div className="text-muted-foreground">{time.format(bar.time * 1000)}</div>
      {values.map(([name, value]) => (
        <div key={name} className="flex gap-1">
          <dt className="text-muted-foreground">{name}</dt>
          <dd className={cn(name !== "V" && (rising ? "text-success" : "text-destructive"))}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface ChartPanelProps {
  symbol: string;
  candles: Candle[] | undefined;
  interval: CandleInterval;
  onInterval(interval: CandleInterval): void;
  priceDecimals: number;
  error: string | null;
}

export function ChartPanel({ symbol, candles, interval, onInterval, priceDecimals, error }: ChartPanelProps) {
  const bars = useMemo(() => (candles ?? []).map(toBar), [candles]);
  const [hovered, setHovered] = useState<ChartBar | null>(null);
  return (
    <section aria-labelledby="chart-title" className="flex flex-col rounded-lg border bg-card">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b px-3 py-2">
        <h2 id="chart-title" className="text-sm font-semibold">
          Price
        </h2>
        <div role="radiogroup" aria-label="Candle interval" className="flex gap-0.5 rounded-md bg-muted p-0.5">
          {INTERVALS.map((value) => (
            // biome-ignore lint/a11y/useSemanticElements: a segmented control: buttons with radio semantics inside a radiogroup (WAI-ARIA radio group pattern)
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={value === interval}
              onClick={() => onInterval(value)}
              className={cn(
                "rounded px-2 py-0.5 font-mono text-xs",
                value === interval ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
              )}
            >
              {value}
            </button>
          ))}
        </div>
      </header>
      <div className="min-h-5 px-3 pt-2">
        <Legend bar={hovered ?? bars.at(-1)} priceDecimals={priceDecimals} />
      </div>
      <div className="relative h-72 px-1 pb-1 sm:h-96">
        {error && !candles ? (
          <EmptyState role="alert" icon={CandlestickChartIcon} title="Candles could not be read" description={error} className="h-full border-0" />
        ) : candles && candles.length === 0 ? (
          <EmptyState
            icon={CandlestickChartIcon}
            title="No trades yet"
            description={`Nothing has traded on ${symbol} in this window.`}
            className="h-full border-0"
          />
        ) : (
          <>
            {!candles ? <Skeleton className="absolute inset-1" /> : null}
            <CandleChart bars={bars} dataKey={`${symbol} ${interval}`} priceDecimals={priceDecimals} onHover={setHovered} />
          </>
        )}
      </div>
      <p className="border-t px-3 py-1.5 text-[0.7rem] text-muted-foreground">
        Chart by{" "}
        <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer" className="underline underline-offset-2 hover:text-foreground">
          TradingView
        </a>{" "}
        Lightweight Charts™, Copyright (c) 2025 TradingView, Inc.
      </p>
    </section>
  );
}
