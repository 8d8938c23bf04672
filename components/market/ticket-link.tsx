"use client";

// The link between the order book and the order ticket on a symbol page.
//
// - The book calls `pickPrice(price, side)` when a level is clicked; the ticket reads `picked` and puts
//   `picked.price` in its price field (`picked.seq` grows with every click, so clicking the same level
//   twice still counts as a new pick after the field was edited).
// - Whatever knows the owner's open orders (the trade desk) calls `markOwnOrders(prices)` with
//   the prices (decimal strings, as the book shows them ungrouped) of the owner's resting orders; the
//   book puts a dot on the levels that hold one. For a visitor the set stays empty and no dot is drawn.
//
// - `market` is the market of the page (GET /token-pairs, kept current): symbol, tick and lot sizes, venues.
//
// All of it sits under <TicketLinkProvider>, which MarketView renders around the book and the ticket slot.

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import type { TokenPair } from "@/lib/client/market-data";

export type BookSide = "bid" | "ask";

export interface PickedPrice {
  price: string;
  /** The side of the book the level was on. */
  side: BookSide;
  seq: number;
}

export interface TicketLink {
  market: TokenPair;
  picked: PickedPrice | null;
  pickPrice(price: string, side: BookSide): void;
  ownOrderPrices: ReadonlySet<string>;
  markOwnOrders(prices: Iterable<string>): void;
}

const NO_PRICES: ReadonlySet<string> = new Set();

const TicketLinkContext = createContext<TicketLink | null>(null);

export function TicketLinkProvider({ market, children }: { market: TokenPair; children: ReactNode }) {
  const [picked, setPicked] = useState<PickedPrice | null>(null);
  const [ownOrderPrices, setOwnOrderPrices] = useState<ReadonlySet<string>>(NO_PRICES);
  const pickPrice = useCallback((price: string, side: BookSide) => setPicked((last) => ({ price, side, seq: (last?.seq ?? 0) + 1 })), []);
  const markOwnOrders = useCallback((prices: Iterable<string>) => setOwnOrderPrices(new Set(prices)), []);
  const value = useMemo(() => ({ market, picked, pickPrice, ownOrderPrices, markOwnOrders }), [market, picked, pickPrice, ownOrderPrices, markOwnOrders]);
  return <TicketLinkContext.Provider value={value}>{children}</TicketLinkContext.Provider>;
}

export function useTicketLink(): TicketLink {
  const link = useContext(TicketLinkContext);
  if (!link) throw new Error("useTicketLink needs a <TicketLinkProvider> above it (MarketView renders one).");
  return link;
}
