"use client";

// The price chart with its interval switch, the values under the crosshair (the last candle when the
// pointer is elsewhere) and TradingView's attribution, as the lightweight-charts licence asks.

import { useMemo, useState } from "react";
import { CandlestickChartIcon } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { cn } from "@/components/ui/cn";
import type { Candle, CandleInterval } from "@/lib/client/market-data";
import { CandleChart, type PriceLine } from "./candle-chart";
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
  /** Horizontal lines at the owner's order, entry and liquidation prices. */
  lines?: readonly PriceLine[];
}

export function ChartPanel({ symbol, candles, interval, onInterval, priceDecimals, error, lines = [] }: ChartPanelProps) {
  const bars = useMemo(() => (candles ?? []).map(toBar), [candles]);
  const [hovered, setHovered] = useState<ChartBar | null>(null);
  return (
    <section aria-labelledby="chart-title" className="flex h-full min-h-0 flex-col rounded-lg border bg-card">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b px-3 py-1.5">
        <h2 id="chart-title" className="text-sm font-semibold">
          Price
        </h2>
        <Legend bar={hovered ?? bars.at(-1)} priceDecimals={priceDecimals} />
        <SegmentedControl label="Candle interval" options={INTERVALS} value={interval} onChange={onInterval} mono />
      </header>
      <div className="relative min-h-0 flex-1 px-1 pb-1">
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
            <CandleChart bars={bars} dataKey={`${symbol} ${interval}`} priceDecimals={priceDecimals} onHover={setHovered} lines={lines} />
          </>
        )}
      </div>
      <p className="border-t px-3 py-1 text-[0.7rem] text-muted-foreground">
        Chart by{" "}
        <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer" className="underline underline-offset-2 hover:text-foreground">
          TradingView
        </a>{" "}
        Lightweight Charts™, Copyright (c) 2025 TradingView, Inc.
      </p>
    </section>
  );
}
