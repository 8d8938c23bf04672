import { z } from "zod";
import { DEFAULT_SLIPPAGE, MAX_SLIPPAGE } from "../execution/slippage";

const isoTime = z.iso.datetime({ offset: true });
const positiveDecimal = z
  .string()
  .regex(/^\d+(\.\d+)?$/, 'must be a positive decimal string such as "0.25"')
  .max(40);
const decimal = z.string().meta({ description: "Decimal string" });
const venueName = z.string().min(1).max(32);

/** Slippage on the wire: a fraction of the reference price. */
export const slippageField = z
  .number()
  .optional()
  .meta({
    description: `Largest accepted price move as a fraction of the venue's mark (0.01 = 1%); default ${DEFAULT_SLIPPAGE}, at most ${MAX_SLIPPAGE}. Market orders never fill beyond it: what the book cannot fill within it is cancelled and the response says so.`,
    example: 0.005,
  });

/** Exits attached to an order that opens or adds to a position (PlaceOrder and OpenPosition). */
export const attachedExitFields = {
  takeProfit: positiveDecimal.optional().meta({
    description:
      "Attached take-profit trigger price, for an order that opens or adds to a position: as the order fills, a reduce-only TAKE_PROFIT_MARKET for the lots filled is placed on the same venue " +
      "(above the entry for a buy or a LONG, below it for a sell or a SHORT). It closes at market when the mark reaches it and is cancelled when the position is closed.",
    example: "68000",
  }),
  stopLoss: positiveDecimal.optional().meta({
    description:
      "Attached stop-loss trigger price, as `takeProfit` but a reduce-only STOP_MARKET (below the entry for a buy or a LONG, above it for a sell or a SHORT).",
    example: "61000",
  }),
};

export const ORDER_TYPES = ["MARKET", "LIMIT", "STOP_MARKET", "STOP_LIMIT", "TAKE_PROFIT_MARKET", "TAKE_PROFIT_LIMIT"] as const;
export const TIME_IN_FORCE = ["GTC", "IOC", "FOK"] as const;

const orderType = z.enum(ORDER_TYPES).meta({
  description:
    "LIMIT needs `price`; STOP_MARKET and TAKE_PROFIT_MARKET need `triggerPrice`; STOP_LIMIT and TAKE_PROFIT_LIMIT need both; MARKET takes neither. " +
    "Triggers are on the venue's mark: a buy stop when the mark rises to the trigger, a sell stop when it falls to it; a take-profit the other way " +
    "(a sell when the mark rises to it, a buy when it falls to it).",
});

/** The attribution every order view carries. */
export const keyShape = {
  keyId: z.string().nullable().meta({
    description:
      "The agent key that placed it (the dashboard's desk key for orders placed there); null when the owner did without a key, e.g. the kill switch's cancels, or for orders not placed through this API",
  }),
  keyName: z.string().nullable().meta({ description: "That key's name", example: "momentum-bot" }),
};

export const placeOrderBody = z
  .strictObject({
    symbol: z.string().min(1).max(32).meta({ description: "Market symbol (GET /token-pairs)", example: "BTC-USD" }),
    side: z.enum(["BUY", "SELL"]),
    type: orderType,
    quantity: positiveDecimal.meta({ description: "Base-asset amount, a positive multiple of the market's lot size", example: "0.01" }),
    price: positiveDecimal
      .optional()
      .meta({ description: "Limit price (LIMIT, STOP_LIMIT, TAKE_PROFIT_LIMIT), a multiple of the tick of every venue it is sent to", example: "64250.5" }),
    triggerPrice: positiveDecimal.optional().meta({ description: "Trigger price (stops and take-profits)", example: "63000" }),
    reduceOnly: z.boolean().optional().meta({ description: "Only reduce a position; never open or grow one" }),
    timeInForce: z
      .enum(TIME_IN_FORCE)
      .optional()
      .meta({
        description:
          "GTC: rest what does not fill (limit types only; their default). IOC: fill what the books take at once, cancel the rest (the default for MARKET, STOP_MARKET and TAKE_PROFIT_MARKET). " +
          "FOK: fill the whole quantity at once or nothing; sent whole to the one venue that can fill it at the best price.",
      }),
    postOnly: z.boolean().optional().meta({
      description:
        "LIMIT with GTC only: the order only adds liquidity. One that would take liquidity now is refused (400 INVALID_ORDER); if the book moves before it arrives, the venue rejects it (reason POST_ONLY_WOULD_CROSS).",
    }),
    ...attachedExitFields,
    preferredExchange: venueName
      .optional()
      .meta({ description: "Send the whole order to this venue (alder, birch or cedar). Absent: smart-routed.", example: "alder" }),
    slippage: slippageField,
    leverage: z.number().int().optional().meta({
      description:
        "Beyond the spec: sets the symbol's leverage on every venue the order may use before placing it, as POST /agent/positions/open does; unchanged when absent. A whole number from 1 to the market's maxLeverage (GET /token-pairs); above what the risk policy allows: 403 RISK_REJECTED, category LEVERAGE.",
      example: 5,
    }),
  })
  .meta({ id: "PlaceOrder" });

/** What every order answer states of the order itself, a venue's child or the parent placed here. */
export const orderShape = {
  symbol: z.string(),
  side: z.enum(["BUY", "SELL"]),
  type: z.enum(ORDER_TYPES),
  quantity: decimal,
  price: decimal.nullable(),
  triggerPrice: decimal.nullable(),
  reduceOnly: z.boolean(),
  timeInForce: z.enum(TIME_IN_FORCE).meta({ description: "As placed, or the type's default" }),
  postOnly: z.boolean(),
  takeProfit: decimal.nullable().meta({ description: "Attached take-profit trigger price; null when none" }),
  stopLoss: decimal.nullable().meta({ description: "Attached stop-loss trigger price; null when none" }),
};

export const orderSchema = z
  .object({
    venue: z.string().meta({ example: "alder" }),
    orderId: z.string().nullable().meta({ description: "The venue's id; null when the venue never received the order" }),
    clientOrderId: z.string().nullable(),
    parentId: z.string().nullable().meta({
      description:
        "The order placed through this API that this is part of. A take-profit or stop-loss a venue placed for an order's attached exits is an order of its own, `<entry order id>.<venue>.tp<n>` (or `.sl<n>`), of the entry's key",
    }),
    ...orderShape,
    ...keyShape,
    status: z.enum(["PENDING", "NEW", "PARTIALLY_FILLED", "FILLED", "CANCELED", "REJECTED"]).meta({
      description: "NEW and PARTIALLY_FILLED are live. CANCELED keeps what filled before (see reason). PENDING: sent, answer unknown.",
    }),
    filledQuantity: decimal,
    averagePrice: decimal.nullable(),
    fees: decimal.meta({ description: "USD paid (negative: rebate)" }),
    reason: z.string().nullable().meta({
      description:
        "Why it was refused or why its rest was cancelled, e.g. PRICE_PROTECTION (slippage limit), NO_LIQUIDITY, CANCELED_BY_OWNER, FOK_WOULD_NOT_FILL, POST_ONLY_WOULD_CROSS, POSITION_CLOSED (a reduce-only order whose position was closed)",
    }),
    rejectReason: z.string().optional().meta({
      description: 'When the venue refused it (status REJECTED): the venue\'s own words, e.g. "hyperliquid: Insufficient margin to place order. asset=0"',
    }),
    createdAt: isoTime,
    updatedAt: isoTime,
  })
  .meta({ id: "Order" });

export const parentOrderSchema = z
  .object({
    id: z.string(),
    ...orderShape,
    ...keyShape,
    routing: z.enum(["SMART", "VENUE"]).meta({ description: "SMART: split across venues by best price after taker fees; VENUE: sent to preferredExchange" }),
    slippage: z.number().nullable(),
    status: z.enum(["NEW", "PARTIALLY_FILLED", "FILLED", "CANCELED", "REJECTED", "PENDING"]).meta({
      description: "Across the child orders: FILLED when everything filled; CANCELED when done with part or nothing filled; REJECTED when every venue refused.",
    }),
    filledQuantity: decimal,
    unfilledQuantity: decimal.meta({ description: "Neither filled nor resting" }),
    averagePrice: decimal.nullable(),
    fees: decimal,
    outcome: z.string().meta({ description: "What happened, in plain words", example: "Filled 0.01 BTC-USD at 64251.3 on average." }),
    children: z.array(orderSchema).meta({ description: "What was sent to each venue" }),
    createdAt: isoTime,
  })
  .meta({ id: "ParentOrder" });

export const ORDER_LIST_STATUSES = ["open", "filled", "canceled", "rejected", "all"] as const;

export const orderListQuery = z.object({
  status: z
    .enum(ORDER_LIST_STATUSES)
    .optional()
    .meta({ description: "open (default): live orders read from the venues. Others: history of orders placed through this API, newest first." }),
  symbol: z.string().min(1).max(32).optional(),
  keyId: z.string().min(1).max(64).optional().meta({ description: "Only orders placed with this agent key" }),
  limit: z.coerce.number().int().min(1).max(500).optional().meta({ description: "History only; default 100" }),
});

export const cancelOrderParams = z.object({
  venue: venueName.meta({ param: { name: "venue", in: "path" }, example: "alder" }),
  orderId: z
    .string()
    .min(1)
    .max(64)
    .meta({ param: { name: "orderId", in: "path" }, example: "ord_3kTn8fQ2xLmP9vR4w" }),
});

export const idempotencyHeaders = z.object({
  "idempotency-key": z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, "must be 1 to 255 visible ASCII characters")
    .optional()
    .meta({
      description:
        "Makes a retry safe: the same key with the same body answers the first request's result without executing again (remembered 24 hours, per agent key). " +
        "The same key with a different body: 400 IDEMPOTENCY_KEY_REUSED. While the first is still running: 409 CONFLICT.",
      example: "9f1c2e4a-5b6d-4e7f-8a9b-0c1d2e3f4a5b",
    }),
});

export type PlaceOrderInput = z.infer<typeof placeOrderBody>;
export type OrderTimeInForce = (typeof TIME_IN_FORCE)[number];
export type OrderView = z.infer<typeof orderSchema>;
export type ParentOrderView = z.infer<typeof parentOrderSchema>;
export type OrderListStatus = (typeof ORDER_LIST_STATUSES)[number];
