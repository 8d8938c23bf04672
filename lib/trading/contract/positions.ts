import { z } from "zod";
import { parentOrderSchema, slippageField } from "./orders";

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
  })
  .meta({ id: "Position" });

export const balanceSchema = z
  .object({
    venue: z.string(),
    asset: z.literal("USDC"),
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

export const positionResultSchema = z.object({ order: parentOrderSchema }).meta({ id: "PositionResult" });

export type PositionView = z.infer<typeof positionSchema>;
export type BalanceView = z.infer<typeof balanceSchema>;
export type OpenPositionInput = z.infer<typeof openPositionBody>;
export type ClosePositionInput = z.infer<typeof closePositionBody>;
