import { z } from "zod";
import { MARGIN_ASSETS } from "../../venues/venue";
import { attachedExitFields, parentOrderSchema, slippageField } from "./orders";

const decimal = z.string().meta({ description: "Decimal string" });
const usd = z.string().meta({ description: "US dollars (USDC) as a decimal string" });
const positiveDecimal = z
  .string()
  .regex(/^\d+(\.\d+)?$/, 'must be a positive decimal string such as "0.25"')
  .max(40);

export const positionSchema = z
  .object({
    venue: z.string(),
    symbol: z.string(),
    side: z.enum(["LONG", "SHORT"]),
    size: decimal.meta({ description: "Base-asset amount held (positive)" }),
    entryPrice: decimal,
    markPrice: decimal,
    liquidationPrice: decimal.nullable().meta({ description: "null when no price liquidates the account" }),
    notional: usd.meta({ description: "size × mark" }),
    unrealizedPnl: usd,
    realizedPnl: usd,
    funding: usd.meta({ description: "Net funding received (negative: paid)" }),
    margin: usd.meta({ description: "Initial margin the position takes" }),
    maintenanceMargin: usd,
    leverage: decimal,
    takeProfit: decimal
      .nullable()
      .meta({ description: "Trigger price of the live reduce-only take-profit on this venue (the nearest to the mark when several); null when none" }),
    stopLoss: decimal
      .nullable()
      .meta({ description: "Trigger price of the live reduce-only stop-loss on this venue (the nearest to the mark when several); null when none" }),
    openedBy: z.array(z.object({ keyId: z.string(), keyName: z.string().nullable() })).meta({
      description:
        "The agent keys whose orders built what is held, newest first: the orders placed through this API that bought (long) or sold (short) on this venue, until they add up to the size. Empty when none did (e.g. a position opened on the venue directly).",
    }),
  })
  .meta({ id: "Position" });

export const balanceSchema = z
  .object({
    venue: z.string(),
    asset: z.enum(MARGIN_ASSETS).meta({ description: "The venue's margin asset, in which the amounts are (USDC on the simulated venues)" }),
    collateral: usd.meta({ description: "Deposits + realized PnL − fees + funding" }),
    unrealizedPnl: usd,
    equity: usd,
    initialMargin: usd,
    maintenanceMargin: usd,
    orderMargin: usd.meta({ description: "Margin held by live orders" }),
    available: usd.meta({ description: "What new orders may use" }),
  })
  .meta({ id: "Balance" });

export const openPositionBody = z
  .strictObject({
    symbol: z.string().min(1).max(32).meta({ example: "ETH-USD" }),
    side: z.enum(["LONG", "SHORT"]),
    notionalUsd: z
      .number()
      .optional()
      .meta({ description: "Size in US dollars at the mark (rounded down to the lot size). Give this or quantity.", example: 5000 }),
    quantity: positiveDecimal.optional().meta({ description: "Size in the base asset, a multiple of the lot size. Give this or notionalUsd.", example: "1.5" }),
    leverage: z
      .number()
      .int()
      .optional()
      .meta({ description: "Sets the symbol's leverage on the venues used before opening; unchanged when absent", example: 5 }),
    venue: z.string().min(1).max(32).optional().meta({ description: "Open on this venue; smart-routed when absent", example: "alder" }),
    slippage: slippageField,
    ...attachedExitFields,
  })
  .meta({ id: "OpenPosition" });

export const closePositionBody = z
  .strictObject({
    symbol: z.string().min(1).max(32).meta({ example: "ETH-USD" }),
    venue: z.string().min(1).max(32).optional().meta({ description: "Close only the position on this venue; every venue's when absent" }),
    quantity: positiveDecimal
      .optional()
      .meta({ description: "Close this much (a partial close, largest position first); everything when absent", example: "0.5" }),
    slippage: slippageField,
  })
  .meta({ id: "ClosePosition" });

const exitPrice = positiveDecimal.nullable().optional();

export const positionExitsBody = z
  .strictObject({
    takeProfit: exitPrice.meta({
      description: "Take-profit trigger price: above the mark for a long, below it for a short. null removes the take-profit; absent leaves it as it is.",
      example: "68000",
    }),
    stopLoss: exitPrice.meta({
      description: "Stop-loss trigger price: below the mark for a long, above it for a short. null removes the stop-loss; absent leaves it as it is.",
      example: "61000",
    }),
    venue: z.string().min(1).max(32).optional().meta({ description: "Only the position on this venue; every venue holding the symbol when absent" }),
  })
  .meta({ id: "PositionExits" });

export const positionSymbolParam = z.object({
  symbol: z
    .string()
    .min(1)
    .max(32)
    .meta({ param: { name: "symbol", in: "path" }, example: "BTC-USD" }),
});

export const positionExitsResultSchema = z
  .object({
    orders: z.array(parentOrderSchema).meta({ description: "The take-profit and stop-loss orders placed, one per venue and kind" }),
    cancelled: z.int().meta({ description: "How many earlier exits of the kinds given were cancelled" }),
  })
  .meta({ id: "PositionExitsResult" });

export const positionResultSchema = z.object({ order: parentOrderSchema }).meta({ id: "PositionResult" });

export type PositionView = z.infer<typeof positionSchema>;
export type BalanceView = z.infer<typeof balanceSchema>;
export type OpenPositionInput = z.infer<typeof openPositionBody>;
export type ClosePositionInput = z.infer<typeof closePositionBody>;
export type PositionExitsInput = z.infer<typeof positionExitsBody>;
export type PositionExitsResult = z.infer<typeof positionExitsResultSchema>;
