"use client";

// The trading terminal of one market: market bar, chart with the owner's price lines, the merged book
// and the tape, the ticket (`ticket`, chosen by the page) and the account tabs (`account`). Market data
// is read from the public API and kept live by its streams; the account through the desk's reads, kept
// live by the account stream when signed in.
//
// The ticket is rendered inside the TicketLinkProvider with the book, so a clicked level fills its price.

import { type ReactNode, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { BookLaggingBanner } from "@/components/market/book-lagging-banner";
import { BookPanel, type BookPanelTab } from "@/components/market/book-panel";
import { ChartPanel } from "@/components/market/chart-panel";
import { decimalsOf } from "@/components/market/format";
import { useMarketApi } from "@/components/market/market-api";
import { MarketHeader } from "@/components/market/market-header";
import { OrderBook } from "@/components/market/order-book";
import { tokenPairsQuery } from "@/components/market/queries";
import { TicketLinkProvider } from "@/components/market/ticket-link";
import { TradesTape } from "@/components/market/trades-tape";
import { useMarketFeeds } from "@/components/market/use-market-feeds";
import { useChartLines } from "@/components/trade/chart-lines";
import { DeskLive } from "@/components/trade/desk-live";
import type { AggregatedBook, TokenPair } from "@/lib/client/market-data";
import { STALE_AFTER_MS } from "@/lib/trading/market-data/limits";
import { LiveStatus } from "./live-status";
import { ChangeText, type MarketLinks, MarketSwitcher } from "./market-switcher";
import { TerminalLayout } from "./terminal-layout";

const errorText = (error: Error | null) => (error ? error.message : null);

export interface TerminalProps {
  pair: TokenPair;
  pairs: TokenPair[];
  /** The book as the server read it (at the opening group), shown before the first live one. */
  initialBook: AggregatedBook | null;
  links: MarketLinks;
  /** The order ticket (components/trade); it may use useTicketLink(). */
  ticket: ReactNode;
  /** The account tabs, or what a visitor sees instead. */
  account: ReactNode;
  /** Signed in: the account reads run, and refetch on the account stream when `accountStream` (its URL) is given. */
  signedIn: boolean;
  accountStream: string | null;
}

function TerminalScreen({ pair: initialPair, pairs: initialPairs, initialBook, links, ticket, account, signedIn, accountStream }: TerminalProps) {
  const api = useMarketApi();
  const pairs = useQuery({ ...tokenPairsQuery(api), initialData: initialPairs }).data;
  const pair = pairs.find((p) => p.symbol === initialPair.symbol) ?? initialPair;
  const [bookTab, setBookTab] = useState<BookPanelTab>("book");
  const feeds = useMarketFeeds(initialPair, initialBook, { tapeShown: bookTab === "trades" });
  const lines = useChartLines(pair.symbol, signedIn);
  const venues = pair.venues.map((v) => v.venue);
  const priceDecimals = decimalsOf(pair.tickSize);
  const sizeDecimals = decimalsOf(pair.lotSize);

  return (
    <TicketLinkProvider market={pair}>
      <TerminalLayout
        bar={
          <MarketHeader
            pair={pair}
            title={<MarketSwitcher pair={pair} pairs={pairs} links={links} />}
            change={<ChangeText change={pair.change24h} className="text-sm" />}
            status={<LiveStatus market={feeds.live} account={accountStream !== null} />}
          />
        }
        notices={<BookLaggingBanner lag={feeds.lag} staleAfterMs={STALE_AFTER_MS} />}
        panels={{
          chart: (
            <ChartPanel
              symbol={pair.symbol}
              candles={feeds.candles.data}
              interval={feeds.interval}
              onInterval={feeds.setCandleInterval}
              priceDecimals={priceDecimals}
              error={errorText(feeds.candles.error)}
              lines={lines}
            />
          ),
          book: (
            <BookPanel
              tab={bookTab}
              onTab={setBookTab}
              book={
                <OrderBook
                  book={feeds.book.data}
                  format={{ priceDecimals, sizeDecimals, tickSize: pair.tickSize, venues }}
                  group={feeds.group}
                  onGroup={feeds.setGroup}
                  error={errorText(feeds.book.error)}
                />
              }
              trades={
                <TradesTape
                  trades={feeds.trades.data}
                  venues={venues}
                  priceDecimals={priceDecimals}
                  sizeDecimals={sizeDecimals}
                  error={errorText(feeds.trades.error)}
                />
              }
            />
          ),
          trade: ticket,
          account,
        }}
      />
    </TicketLinkProvider>
  );
}

export function Terminal(props: TerminalProps) {
  const screen = <TerminalScreen {...props} />;
  return props.signedIn ? <DeskLive streamUrl={props.accountStream}>{screen}</DeskLive> : screen;
}
