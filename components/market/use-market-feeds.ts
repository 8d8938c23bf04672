"use client";

// A market's live reads: the aggregated book at the chosen grouping, the candles at the chosen interval
// and the trades tape, each kept live by its stream and polled while the stream is down; and whether the
// book on screen may be out of date.

import { useEffect, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AggregatedBook, CandleInterval, TokenPair } from "@/lib/client/market-data";
import { STALE_AFTER_MS } from "@/lib/trading/market-data/limits";
import { defaultGroup } from "./book-group";
import { bookLag, NO_LAG } from "./lagging";
import { useMarketApi } from "./market-api";
import { marketPrice } from "./market-rows";
import { BOOK_DEPTH, bookKey, bookQuery, candlesKey, candlesQuery, tradesKey, tradesQuery } from "./queries";
import { parseBookEvent, parseCandlesEvent, parseTradesEvent, STREAM_EVENTS } from "./streams";
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

/** `tapeShown`: the trades tape is on screen; only then does it hold a stream open (it polls otherwise). */
export function useMarketFeeds(pair: TokenPair, initialBook: AggregatedBook | null, { tapeShown }: { tapeShown: boolean }) {
  const api = useMarketApi();
  const { symbol } = pair;
  const [group, setGroup] = useState(() => initialBook?.group ?? defaultGroup(pair.tickSize, marketPrice(pair)));
  const [interval, setCandleInterval] = useState<CandleInterval>(DEFAULT_INTERVAL);
  const now = useNow();

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

  const tradesLive = useLiveQuery({
    url: tapeShown ? api.client.streamUrls.trades(symbol) : null,
    queryKey: tradesKey(symbol),
    events: STREAM_EVENTS,
    parse: parseTradesEvent,
  });
  const trades = useQuery(tradesQuery(api, symbol, tradesLive.live));

  const lag =
    now === null || book.isPlaceholderData
      ? NO_LAG
      : bookLag(book.data, { receivedAt: book.dataUpdatedAt, now, live: bookLive.live, staleAfterMs: STALE_AFTER_MS });

  return {
    book,
    candles,
    trades,
    group,
    setGroup,
    interval,
    setCandleInterval,
    lag,
    /** Every market stream in use delivering. */
    live: bookLive.live && candlesLive.live && (!tapeShown || tradesLive.live),
  };
}
