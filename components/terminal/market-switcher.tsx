"use client";

// The market switcher in the terminal's bar: the market's name opens the list of every market with its
// price and 24h change; each is a link (to its market page, or to the desk on that market).

import Link from "next/link";
import { type RefObject, useCallback, useEffect, useId, useRef, useState } from "react";
import { ChevronDownIcon } from "lucide-react";
import { cn } from "@/components/ui/cn";
import { decimalsOf, formatChange, formatDecimal, signOf } from "@/components/market/format";
import { marketPrice } from "@/components/market/market-rows";
import type { TokenPair } from "@/lib/client/market-data";

/** Where a market of the switcher leads: its own page, or the desk (/trade) showing it. */
export type MarketLinks = "market" | "desk";

export function marketHref(links: MarketLinks, symbol: string): string {
  return links === "market" ? `/markets/${encodeURIComponent(symbol)}` : `/trade?symbol=${encodeURIComponent(symbol)}`;
}

export function ChangeText({ change, className }: { change: string | null; className?: string }) {
  const sign = change === null ? 0 : signOf(change);
  return (
    <span className={cn("font-mono tabular-nums", sign > 0 && "text-success", sign < 0 && "text-destructive", className)}>
      {change === null ? "—" : formatChange(change)}
    </span>
  );
}

function MarketLink({ pair, href, current, onPick }: { pair: TokenPair; href: string; current: boolean; onPick(): void }) {
  const price = marketPrice(pair);
  return (
    <li>
      <Link
        href={href}
        onClick={onPick}
        aria-current={current ? "page" : undefined}
        data-testid="switcher-market"
        className={cn("grid grid-cols-[1fr_auto_4.5rem] items-center gap-3 rounded px-2 py-1.5 text-sm hover:bg-accent", current && "bg-accent/60")}
      >
        <span className="font-medium">{pair.symbol}</span>
        <span className="text-right font-mono tabular-nums">{price === null ? "—" : formatDecimal(price, decimalsOf(pair.tickSize))}</span>
        <ChangeText change={pair.change24h} className="text-right text-xs" />
      </Link>
    </li>
  );
}

/** Closes the list on a click outside it or on Escape (what a menu does, without a positioning library). */
function useDismiss(open: boolean, container: RefObject<HTMLElement | null>, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open, container, close]);
}

export function MarketSwitcher({ pair, pairs, links }: { pair: TokenPair; pairs: readonly TokenPair[]; links: MarketLinks }) {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const listId = useId();
  useDismiss(open, container, close);
  return (
    <div ref={container} className="relative">
      <h1 className="text-lg font-semibold tracking-tight">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
          className="flex items-center gap-1 rounded-md px-1.5 py-1 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span>
            {pair.base}
            <span className="text-muted-foreground">-{pair.quote}</span>
          </span>
          <span className="sr-only"> perpetual, switch market</span>
          <ChevronDownIcon className={cn("size-4 text-muted-foreground transition-transform", open && "rotate-180")} aria-hidden="true" />
        </button>
      </h1>
      {open ? (
        <div id={listId} className="absolute top-full left-0 z-50 mt-1.5 w-80 rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg">
          <ul aria-label="Markets" className="flex max-h-96 flex-col overflow-y-auto">
            {pairs.map((p) => (
              <MarketLink key={p.symbol} pair={p} href={marketHref(links, p.symbol)} current={p.symbol === pair.symbol} onPick={close} />
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
