import { z } from "zod";
import { CANDLE_INTERVALS } from "../market-data/candle-merge";
import { BOOK_DEPTH, BOOK_GROUP, CANDLE_LIMIT, STALE_AFTER_MS, TRADES_LIMIT } from "../market-data/limits";

const decimal = (description: string, example?: string) => z.string().meta({ description: `${description} (decimal string)`, ...(example ? { example } : {}) });
const ms = (description: string) => z.int().meta({ description: `${description}, ms since the Unix epoch` });
const side = z.enum(["BUY", "SELL"]);

// ---- queries -------------------------------------------------------------------------------------

const symbol = z.string().min(1).max(40).meta({ description: "Market symbol, e.g. BTC-USD (GET /token-pairs lists them)", example: "BTC-USD" });

export const symbolParam = z.object({ symbol });

const depth = z.coerce
  .number()
  .int()
  .min(1)
  .max(BOOK_DEPTH.max)
  .default(BOOK_DEPTH.default)
  .meta({ description: `Levels per side after grouping: 1 to ${BOOK_DEPTH.max}; default ${BOOK_DEPTH.default}` });
const group = z.coerce
  .number()
  .int()
  .min(1)
  .max(BOOK_GROUP.max)
  .default(BOOK_GROUP.default)
  .meta({
    description: `Group width in multiples of the market's tick (tickSize in /token-pairs): 1 to ${BOOK_GROUP.max}; default ${BOOK_GROUP.default}. Bids round down, asks up`,
  });

export const bookQuery = z.object({ symbol, depth, group });

export const candleIntervals = Object.keys(CANDLE_INTERVALS) as [keyof typeof CANDLE_INTERVALS, ...(keyof typeof CANDLE_INTERVALS)[]];
const interval = z.enum(candleIntervals).default("1m").meta({ description: "Candle width; default 1m" });

export const candlesQuery = z.object({
  symbol,
  interval,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CANDLE_LIMIT.max)
    .default(CANDLE_LIMIT.default)
    .meta({
      description: `Newest candles to return: 1 to ${CANDLE_LIMIT.max}; default ${CANDLE_LIMIT.default} (fewer when the venues hold less history: seven days of minutes)`,
    }),
});

export const candleStreamQuery = z.object({ symbol, interval });

export const routingQuery = z.object({
  symbol,
  side: side.meta({ description: "BUY takes asks, SELL takes bids" }),
  quantity: z
    .string()
    .regex(/^\d+(\.\d+)?$/, "must be a positive decimal number")
    .max(40)
    .optional()
    .meta({ description: "Beyond the spec: base units to route, a multiple of the lot size; one lot when absent", example: "0.5" }),
});

export const tradesQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(TRADES_LIMIT.max)
    .default(TRADES_LIMIT.default)
    .meta({ description: `Newest trades: 1 to ${TRADES_LIMIT.max}; default ${TRADES_LIMIT.default}` }),
});

// ---- answers -------------------------------------------------------------------------------------

export const tokenPairSchema = z
  .object({
    symbol: z.string().meta({ example: "BTC-USD" }),
    base: z.string().meta({ example: "BTC" }),
    quote: z.string().meta({ example: "USD" }),
    tickSize: decimal("The smallest price step on any venue; aggregated prices are multiples of it", "0.1"),
    lotSize: decimal("Size step", "0.0001"),
    maxLeverage: z.int(),
    markPrice: decimal("Median of the venues' marks").nullable(),
    indexPrice: decimal("Index price").nullable(),
    fundingRate: decimal("Mean of the venues' hourly funding rates, as a fraction; longs pay shorts when positive").nullable(),
    lastPrice: decimal("Median of the venues' last prices").nullable(),
    volume24h: decimal("Base units traded on all venues in the last 24 hours"),
    change24h: decimal("Percent change over 24 hours", "-1.25").nullable(),
    venues: z.array(
      z
        .object({
          venue: z.string().meta({ example: "alder" }),
          venueSymbol: z.string().meta({ description: "The venue's own name for the market", example: "BTC-PERP" }),
          tickSize: decimal("The venue's price step"),
          lotSize: decimal("The venue's size step"),
          maxLeverage: z.int(),
          maintenanceMarginBps: z.int().meta({
            description:
              "Beyond the spec: maintenance margin in basis points of a position's notional; an account whose equity falls below its positions' maintenance margin is liquidated",
            example: 100,
          }),
          makerFeeBps: decimal("Maker fee in basis points; negative is a rebate"),
          takerFeeBps: decimal("Taker fee in basis points"),
          markPrice: decimal("The venue's mark").nullable(),
          fundingRate: decimal("The venue's hourly funding rate, as a fraction").nullable(),
          nextFundingAt: ms("Next funding payment").nullable(),
        })
        .meta({ id: "TokenPairVenue" }),
    ),
  })
  .meta({ id: "TokenPair" });

const bookLevelSchema = z
  .object({
    price: decimal("Level price (the group's price when grouped)"),
    size: decimal("Size across venues"),
    total: decimal("Cumulative size from the best level through this one"),
    venues: z
      .record(z.string(), z.string())
      .meta({ description: "Size per venue (decimal strings), only venues quoting here", example: { alder: "0.42", cedar: "1.1" } }),
  })
  .meta({ id: "AggregatedBookLevel" });

export const aggregatedBookSchema = z
  .object({
    symbol: z.string(),
    depth: z.int(),
    group: z.int().meta({ description: "Group width in ticks" }),
    groupSize: decimal("Group width as a price"),
    bids: z.array(bookLevelSchema).meta({ description: "Best (highest) first" }),
    asks: z.array(bookLevelSchema).meta({ description: "Best (lowest) first" }),
    bestBid: decimal("Best bid after netting, ungrouped").nullable(),
    bestAsk: decimal("Best ask after netting, ungrouped").nullable(),
    spread: decimal("bestAsk − bestBid").nullable(),
    spreadBps: decimal("Spread over mid in basis points").nullable(),
    mid: decimal("(bestBid + bestAsk) / 2").nullable(),
    crossed: z.boolean().meta({ description: "Whether the venues' books crossed each other; the crossing sizes are netted (venues[].netted)" }),
    stale: z.boolean().meta({
      description: `Whether any venue is stale: it has announced nothing (no book change, no trade, in any market) for more than ${STALE_AFTER_MS} ms`,
    }),
    venues: z.array(
      z
        .object({
          venue: z.string(),
          updatedAt: ms("When the venue last changed this book"),
          ageMs: z.int().meta({ description: "Age of this book; a quiet market's book can be old on a live venue" }),
          stale: z.boolean().meta({ description: `The venue has announced nothing for more than ${STALE_AFTER_MS} ms` }),
          bestBid: decimal("The venue's own best bid").nullable(),
          bestAsk: decimal("The venue's own best ask").nullable(),
          netted: z.object({ bids: decimal("Bid size netted against other venues' asks"), asks: decimal("Ask size netted against other venues' bids") }),
        })
        .meta({ id: "AggregatedBookVenue" }),
    ),
    time: ms("When the book was read"),
  })
  .meta({ id: "AggregatedBook" });

export const candleSchema = z
  .object({
    time: ms("Start of the interval (UTC-aligned)"),
    open: decimal("Median of the venues' opens"),
    high: decimal("Highest trade on any venue"),
    low: decimal("Lowest trade on any venue"),
    close: decimal("Median of the venues' closes"),
    volume: decimal("Base units traded on all venues"),
  })
  .meta({ id: "Candle" });

export const routingSchema = z
  .object({
    symbol: z.string(),
    side,
    quantity: decimal("Base units routed"),
    quantityGiven: z.boolean().meta({ description: "false when one lot was assumed" }),
    filled: decimal("What the books can fill (less than quantity when they are too thin)"),
    complete: z.boolean(),
    bestVenue: z
      .string()
      .nullable()
      .meta({ description: "The venue that alone fills the quantity at the best price after fees (the one filling most when none can)" }),
    legs: z.array(
      z
        .object({
          venue: z.string(),
          size: decimal("Base units for this venue"),
          avgPrice: decimal("Average price before fees"),
          worstPrice: decimal("The worst level reached: a limit or protection price that fills the leg as planned"),
          fee: decimal("Expected taker fee, quote currency"),
        })
        .meta({ id: "RouteLeg" }),
    ),
    avgPrice: decimal("Average price of the split before fees").nullable(),
    avgPriceAfterFees: decimal("Average price per unit, fees included").nullable(),
    mid: decimal("The aggregated book's mid (GET /aggregated/book)").nullable(),
    slippageBps: decimal("(avgPrice − mid) / mid in basis points, positive when worse for the taker").nullable(),
    fees: decimal("Expected taker fees, quote currency"),
    notional: decimal("Quote currency before fees"),
    savingVsBestVenue: decimal(
      "What the split saves against the best single venue after fees, quote currency; null when no venue alone fills the quantity",
    ).nullable(),
    venues: z.array(
      z
        .object({
          venue: z.string(),
          takerFeeBps: decimal("Taker fee in basis points"),
          bestPrice: decimal("The venue's best price on the side taken").nullable(),
          bestPriceAfterFee: decimal("That price with the taker fee").nullable(),
          fillable: decimal("What this venue alone fills of the quantity"),
          complete: z.boolean(),
          avgPrice: decimal("Average price on this venue alone").nullable(),
          avgPriceAfterFee: decimal("With its taker fee").nullable(),
        })
        .meta({ id: "RouteVenueQuote" }),
    ),
    time: ms("When the books were read"),
  })
  .meta({ id: "RoutingRecommendation" });

export const tradeSchema = z
  .object({
    id: z.string(),
    venue: z.string(),
    side: side.meta({ description: "The taker's side" }),
    price: decimal("Price"),
    size: decimal("Base units"),
    time: ms("When it traded"),
  })
  .meta({ id: "Trade" });
