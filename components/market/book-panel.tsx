"use client";

// The book and the trades tape in one panel, a tab each (both stay mounted; the page decides which
// feeds stream, see useMarketFeeds). Two plain tab buttons: the page's first load carries no tabs library.

import { useId, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";

export type BookPanelTab = "book" | "trades";

const TABS: readonly { tab: BookPanelTab; label: string }[] = [
  { tab: "book", label: "Order book" },
  { tab: "trades", label: "Trades" },
];

export function BookPanel({ book, trades, tab, onTab }: { book: ReactNode; trades: ReactNode; tab: BookPanelTab; onTab(tab: BookPanelTab): void }) {
  const id = useId();
  const content: Record<BookPanelTab, ReactNode> = { book, trades };
  return (
    <div className="flex h-full min-h-0 flex-col rounded-lg border bg-card" data-testid="book-panel">
      <div role="tablist" aria-label="Book and trades" className="m-1 grid h-8 grid-cols-2 gap-0.5 rounded-lg bg-muted p-0.5">
        {TABS.map(({ tab: value, label }) => (
          <button
            key={value}
            type="button"
            role="tab"
            id={`${id}-${value}-tab`}
            aria-selected={tab === value}
            aria-controls={`${id}-${value}`}
            onClick={() => onTab(value)}
            className={cn(
              "rounded-md text-xs font-medium transition-colors",
              tab === value ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
            )}
          >
            {label}
          </button>
        ))}
      </div>
      {TABS.map(({ tab: value }) => (
        <div
          key={value}
          role="tabpanel"
          id={`${id}-${value}`}
          aria-labelledby={`${id}-${value}-tab`}
          className={cn("min-h-0 flex-1 flex-col", tab === value ? "flex" : "hidden")}
        >
          {content[value]}
        </div>
      ))}
    </div>
  );
}
