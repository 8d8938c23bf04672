"use client";

// A market's page: header, lagging banner, chart, aggregated book, order ticket slot, routing and tape.
// Book, candles and trades are kept live by their streams and polled while a stream is down.
//
// The order ticket is passed in as `ticket` (the page decides which one) and rendered inside the
// TicketLinkProvider with the book, so it can read the price of a clicked level with useTicketLink().

import { useEffect, useState, type ReactNode } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AggregatedBook, CandleInterval, TokenPair } from "@/lib/client/market-data";
import { STALE_AFTER_MS } from "@/lib/trading/market-data/limits";
import { defaultGroup } from "./book-group";
import { BookLaggingBanner } from "./book-lagging-banner";
import { ChartPanel } from "./chart-panel";
import { decimalsOf } from "./format";
import { bookLag, NO_LAG } from "./lagging";
import { useMarketApi } from "./market-api";
import { MarketHeader } from "./market-header";
import { marketPrice } from "./market-rows";
import { OrderBook } from "./order-book";
import { BOOK_DEPTH, bookKey, bookQuery, candlesKey, candlesQuery, tokenPairsQuery, tradesKey, tradesQuery } from "./queries";
import { RoutingPanel } from "./routing-panel";
import { parseBookEvent, parseCandlesEvent, parseTradesEvent, STREAM_EVENTS } from "./streams";
import { TicketLinkProvider } from "./ticket-link";
import { TradesTape } from "./trades-tape";
import { useLiveQuery } from "./use-live-query";

const DEFAULT_INTERVAL: CandleInterval = "1m";

/**
 * The current time, moving once a second (for ages shown on screen); null until the page is
 * interactive, so what the server rendered never depends on the clock of either side.
 */
function useNow(): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const errorText = (error: Error | null) => (error ? error.message : null);

export interface MarketViewProps {
  pair: TokenPair;
  /** The book as the server read it (at the opening group), shown before the first live one. */
  initialBook: AggregatedBook | null;
  /** The order ticket (components/trade); it may use useTicketLink(). */
  ticket: ReactNode;
}

export function MarketView({ pair: initialPair, initialBook, ticket }: MarketViewProps) {
  const api = useMarketApi();
  const { symbol } = initialPair;
  const [group, setGroup] = useState(() => initialBook?.group ?? defaultGroup(initialPair.tickSize, marketPrice(initialPair)));
  const [interval, setCandleInterval] = useState<CandleInterval>(DEFAULT_INTERVAL);
  const now = useNow();

  const pairs = useQuery(tokenPairsQuery(api));
  const pair = pairs.data?.find((p) => p.symbol === symbol) ?? initialPair;

  const bookLive = useLiveQuery({
    url: api.client.streamUrls.book({ symbol, group, depth: BOOK_DEPTH }),
    queryKey: bookKey(symbol, group),
    events: STREAM_EVENTS,
    parse: parseBookEvent,
  });
  const book = useQuery({
    ...bookQuery(api, symbol, group, bookLive.live),
    initialData: initialBook && group === initialBook.group ? initialBook : undefined,
    placeholderData: keepPreviousData,
  });

  const candlesLive = useLiveQuery({
    url: api.client.streamUrls.candles({ symbol, interval }),
    queryKey: candlesKey(symbol, interval),
    events: STREAM_EVENTS,
    parse: parseCandlesEvent,
  });
  const candles = useQuery(candlesQuery(api, symbol, interval, candlesLive.live));

  const tradesLive = useLiveQuery({ url: api.client.streamUrls.trades(symbol), queryKey: tradesKey(symbol), events: STREAM_EVENTS, parse: parseTradesEvent });
  const trades = useQuery(tradesQuery(api, symbol, tradesLive.live));

  const venues = pair.venues.map((v) => v.venue);
  const priceDecimals = decimalsOf(pair.tickSize);
  const sizeDecimals = decimalsOf(pair.lotSize);
  const lag =
    now === null || book.isPlaceholderData
      ? NO_LAG
      : bookLag(book.data, { receivedAt: book.dataUpdatedAt, now, live: bookLive.live, staleAfterMs: STALE_AFTER_MS });

  return (
    <TicketLinkProvider market={pair}>
      <div className="flex flex-col gap-4" data-symbol={symbol}>
        <MarketHeader pair={pair} />
        <BookLaggingBanner lag={lag} staleAfterMs={STALE_AFTER_MS} />
        {/* Phones read top to bottom: chart, book, ticket, routing, tape. Wide screens put book and ticket beside the rest. */}
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr]">
          <div className="min-w-0 lg:col-start-1 lg:row-start-1">
            <ChartPanel
              symbol={symbol}
              candles={candles.data}
              interval={interval}
              onInterval={setCandleInterval}
              priceDecimals={priceDecimals}
              error={errorText(candles.error)}
            />
          </div>
          <div className="flex min-w-0 flex-col gap-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
            <OrderBook
              book={book.data}
              format={{ priceDecimals, sizeDecimals, tickSize: pair.tickSize, venues }}
              group={group}
              onGroup={setGroup}
              error={errorText(book.error)}
            />
            {ticket}
          </div>
          <div className="grid min-w-0 content-start gap-4 md:grid-cols-2 lg:col-start-1 lg:row-start-2">
            <RoutingPanel symbol={symbol} format={{ priceDecimals, sizeDecimals, lotSize: pair.lotSize, base: pair.base, quote: pair.quote, venues }} />
            <TradesTape trades={trades.data} venues={venues} priceDecimals={priceDecimals} sizeDecimals={sizeDecimals} error={errorText(trades.error)} />
          </div>
        </div>
      </div>
    </TicketLinkProvider>
  );
}
