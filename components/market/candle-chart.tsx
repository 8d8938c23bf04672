"use client";

// Candles with volume, drawn by TradingView's lightweight-charts. The library is loaded after the page
// is interactive (a dynamic import), so it is not part of the page's first-load JavaScript. New bars
// are applied as updates, so the owner's zoom and scroll survive every refresh of the data.

import { useEffect, useRef, useState } from "react";
import type { CandlestickData, HistogramData, IChartApi, IPriceLine, ISeriesApi, MouseEventParams, UTCTimestamp } from "lightweight-charts";
import { LOCALE } from "@/lib/format/locale";
import { parseTheme, type Theme } from "@/components/shell/theme";
import { CHART_COLORS, type ChartColors } from "./chart-colors";
import { planChartUpdate, type ChartBar } from "./chart-bars";

interface ChartHandle {
  chart: IChartApi;
  candles: ISeriesApi<"Candlestick">;
  volume: ISeriesApi<"Histogram">;
  shown: readonly ChartBar[];
  /** The data set drawn (symbol and interval): another one replaces the bars and resets the view. */
  dataKey: string | null;
}

export interface CandleChartProps {
  bars: readonly ChartBar[];
  /** Identifies the series (e.g. "BTC-USD 1m"): a new key starts the view over. */
  dataKey: string;
  priceDecimals: number;
  /** Called with the bar under the crosshair, or null when the pointer leaves. */
  onHover(bar: ChartBar | null): void;
  /** Horizontal price lines (the owner's orders, entries, liquidation prices). */
  lines?: readonly PriceLine[];
}

export interface PriceLine {
  price: number;
  /** The label on the price axis, e.g. "Buy 0.5" or "Liq.". */
  title: string;
  tone: "buy" | "sell" | "entry" | "liquidation";
}

const NO_LINES: readonly PriceLine[] = [];

/** A price with thousands separators and the market's decimals, for the price axis and the crosshair. */
function priceFormatter(decimals: number): (price: number) => string {
  const format = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return (price) => format.format(price);
}

function lineColor(tone: PriceLine["tone"], colors: ChartColors): string {
  return { buy: colors.up, sell: colors.down, entry: colors.text, liquidation: colors.warning }[tone];
}

function documentTheme(): Theme {
  return parseTheme(document.documentElement.classList.contains("light") ? "light" : "dark");
}

function layoutOptions(colors: ChartColors) {
  return {
    layout: { background: { color: colors.background }, textColor: colors.text, attributionLogo: true, fontFamily: "inherit" },
    grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
  };
}

function seriesOptions(colors: ChartColors) {
  return { upColor: colors.up, downColor: colors.down, wickUpColor: colors.up, wickDownColor: colors.down, borderVisible: false };
}

function toCandle(bar: ChartBar): CandlestickData<UTCTimestamp> {
  return { time: bar.time as UTCTimestamp, open: bar.open, high: bar.high, low: bar.low, close: bar.close };
}

function toVolume(bar: ChartBar, colors: ChartColors): HistogramData<UTCTimestamp> {
  return { time: bar.time as UTCTimestamp, value: bar.volume, color: bar.close >= bar.open ? colors.upVolume : colors.downVolume };
}

function draw(handle: ChartHandle, bars: readonly ChartBar[], dataKey: string): void {
  const colors = CHART_COLORS[documentTheme()];
  const update = handle.dataKey === dataKey ? planChartUpdate(handle.shown, bars) : { kind: "replace" as const, bars };
  if (update.kind === "append") {
    for (const bar of update.bars) {
      handle.candles.update(toCandle(bar));
      handle.volume.update(toVolume(bar, colors));
    }
  } else {
    const sameSeries = handle.dataKey === dataKey;
    const range = sameSeries ? handle.chart.timeScale().getVisibleLogicalRange() : null;
    handle.candles.setData(update.bars.map(toCandle));
    handle.volume.setData(update.bars.map((bar) => toVolume(bar, colors)));
    if (range) handle.chart.timeScale().setVisibleLogicalRange(range);
    else handle.chart.timeScale().scrollToRealTime();
  }
  handle.shown = bars;
  handle.dataKey = dataKey;
}

export function CandleChart({ bars, dataKey, priceDecimals, onHover, lines = NO_LINES }: CandleChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [handle, setHandle] = useState<ChartHandle | null>(null);
  const [drawn, setDrawn] = useState<string | null>(null);
  const hoverRef = useRef(onHover);
  useEffect(() => {
    hoverRef.current = onHover;
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let disposed = false;
    let cleanup = () => {};
    void import("lightweight-charts").then(({ createChart, CandlestickSeries, HistogramSeries }) => {
      if (disposed) return;
      const colors = CHART_COLORS[documentTheme()];
      const chart = createChart(container, {
        autoSize: true,
        ...layoutOptions(colors),
        timeScale: { timeVisible: true, secondsVisible: false },
        rightPriceScale: { scaleMargins: { top: 0.08, bottom: 0.26 } },
      });
      const candles = chart.addSeries(CandlestickSeries, seriesOptions(colors));
      const volume = chart.addSeries(HistogramSeries, {
        priceFormat: { type: "volume" },
        priceScaleId: "volume",
        lastValueVisible: false,
        priceLineVisible: false,
      });
      chart.priceScale("volume").applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
      const next: ChartHandle = { chart, candles, volume, shown: [], dataKey: null };
      const onMove = (param: MouseEventParams) => {
        const time = typeof param.time === "number" ? param.time : null;
        hoverRef.current(time === null ? null : (next.shown.find((bar) => bar.time === time) ?? null));
      };
      chart.subscribeCrosshairMove(onMove);
      // The theme toggle swaps a class on <html>; follow it.
      const themeWatch = new MutationObserver(() => {
        const themed = CHART_COLORS[documentTheme()];
        chart.applyOptions(layoutOptions(themed));
        candles.applyOptions(seriesOptions(themed));
        volume.setData(next.shown.map((bar) => toVolume(bar, themed)));
      });
      themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
      cleanup = () => {
        themeWatch.disconnect();
        chart.unsubscribeCrosshairMove(onMove);
        chart.remove();
      };
      setHandle(next);
    });
    return () => {
      disposed = true;
      cleanup();
    };
  }, []);

  useEffect(() => {
    if (!handle) return;
    handle.candles.applyOptions({ priceFormat: { type: "price", precision: priceDecimals, minMove: 10 ** -priceDecimals } });
    handle.chart.applyOptions({ localization: { locale: LOCALE, priceFormatter: priceFormatter(priceDecimals) } });
  }, [handle, priceDecimals]);

  useEffect(() => {
    if (!handle) return;
    const colors = CHART_COLORS[documentTheme()];
    const drawnLines: IPriceLine[] = lines.map((line) =>
      handle.candles.createPriceLine({
        price: line.price,
        title: line.title,
        color: lineColor(line.tone, colors),
        lineWidth: 1,
        lineStyle: line.tone === "entry" ? 0 : 2,
        axisLabelVisible: true,
      }),
    );
    return () => {
      for (const line of drawnLines) handle.candles.removePriceLine(line);
    };
  }, [handle, lines]);

  useEffect(() => {
    if (!handle) return;
    draw(handle, bars, dataKey);
    setDrawn(`${dataKey} ${bars.length}`);
  }, [handle, bars, dataKey]);

  return (
    <div
      ref={containerRef}
      className="relative h-full w-full"
      data-testid="candle-chart"
      data-ready={handle ? "true" : "false"}
      // What the chart last drew ("<symbol> <interval> <bar count>"), for tests waiting on a redraw.
      data-drawn={drawn ?? ""}
    />
  );
}
