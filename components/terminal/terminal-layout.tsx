"use client";

// The trading terminal's frame. Wide screens: one screen without page scroll, the chart and the book
// side by side, the ticket in a column of its own on the right, the account tabs under chart and book;
// each panel scrolls inside itself. Phones: one column, with tabs for Chart, Book, Trade and Positions
// (every panel stays mounted, so the chart and the live reads survive a change of tab).

import { useState, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";

const PHONE_TABS = [
  { panel: "chart", label: "Chart" },
  { panel: "book", label: "Book" },
  { panel: "trade", label: "Trade" },
  { panel: "account", label: "Positions" },
] as const;

type PanelName = (typeof PHONE_TABS)[number]["panel"];

const PLACES: Record<PanelName, string> = {
  chart: "h-[60dvh] lg:col-start-1 lg:row-start-1 lg:h-auto",
  book: "h-[75dvh] lg:col-start-2 lg:row-start-1 lg:h-auto",
  trade: "lg:col-start-3 lg:row-span-2 lg:row-start-1 lg:overflow-y-auto",
  account: "min-h-[60dvh] lg:col-span-2 lg:col-start-1 lg:row-start-2 lg:min-h-0",
};

export interface TerminalLayoutProps {
  /** The market bar: switcher, price, 24h change, stats, live indicator. */
  bar: ReactNode;
  /** Notices above the panels (a lagging book). */
  notices?: ReactNode;
  panels: Record<PanelName, ReactNode>;
}

export function TerminalLayout({ bar, notices, panels }: TerminalLayoutProps) {
  const [shown, setShown] = useState<PanelName>("chart");
  return (
    <div data-layout="terminal" className="flex flex-col gap-2 p-2 lg:h-full lg:min-h-0">
      {bar}
      {notices}
      <div role="tablist" aria-label="Terminal panels" className="grid grid-cols-4 gap-0.5 rounded-md bg-muted p-0.5 lg:hidden">
        {PHONE_TABS.map(({ panel, label }) => (
          <button
            key={panel}
            type="button"
            role="tab"
            aria-selected={shown === panel}
            aria-controls={`terminal-${panel}`}
            onClick={() => setShown(panel)}
            className={cn(
              "rounded px-2 py-1.5 text-sm font-medium",
              shown === panel ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
            )}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="grid min-h-0 min-w-0 gap-2 lg:flex-1 lg:grid-cols-[minmax(0,1fr)_19rem_21rem] lg:grid-rows-[minmax(0,1fr)_17rem]">
        {PHONE_TABS.map(({ panel }) => (
          <div
            key={panel}
            id={`terminal-${panel}`}
            data-panel={panel}
            className={cn("min-h-0 min-w-0 flex-col lg:flex", shown === panel ? "flex" : "hidden", PLACES[panel])}
          >
            {panels[panel]}
          </div>
        ))}
      </div>
    </div>
  );
}
