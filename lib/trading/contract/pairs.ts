import { z } from "zod";
import { parentOrderSchema, slippageField } from "./orders";

const isoTime = z.iso.datetime({ offset: true });
const decimal = z.string().meta({ description: "Decimal string" });

export const openPairBody = z
  .strictObject({
    longSymbol: z.string().min(1).max(32).meta({ example: "ETH-USD" }),
    shortSymbol: z.string().min(1).max(32).meta({ example: "BTC-USD" }),
    notionalUsd: z.number().meta({ description: "Total US dollars, split evenly between the legs", example: 10000 }),
    leverage: z.number().int().meta({ description: "Set on both symbols on the venue before opening", example: 3 }),
    slippage: slippageField,
    venue: z.string().min(1).max(32).optional().meta({ description: "A venue that takes pair trades: alder or cedar; alder when absent", example: "cedar" }),
  })
  .meta({ id: "OpenPair" });

export const pairIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .meta({ param: { name: "id", in: "path" }, example: "op_3kTn8fQ2xLmP9vR4w" }),
});

export const pairLegSchema = z
  .object({
    side: z.enum(["LONG", "SHORT"]),
    symbol: z.string(),
    quantity: decimal.meta({ description: "What the leg holds now" }),
    entryPrice: decimal.nullable(),
    exitPrice: decimal.nullable().meta({ description: "Average price of the closing order, once closed" }),
    markPrice: decimal.nullable(),
    pnl: decimal.meta({ description: "US dollars: realized on what was closed, unrealized at the mark on the rest, after fees" }),
    fees: decimal,
    openOrder: parentOrderSchema.nullable(),
    closeOrder: parentOrderSchema.nullable(),
  })
  .meta({ id: "PairLeg" });

export const pairSchema = z
  .object({
    id: z.string(),
    venue: z.string(),
    status: z.enum(["OPENING", "OPEN", "CLOSING", "CLOSED", "FAILED"]).meta({
      description: "OPENING while the legs are sent; FAILED when a leg failed and what had filled was unwound (nothing is left open).",
    }),
    longSymbol: z.string(),
    shortSymbol: z.string(),
    notionalUsd: decimal,
    leverage: z.int(),
    slippage: z.number(),
    legs: z.array(pairLegSchema),
    basketPnl: decimal.meta({ description: "Σ of the legs' PnL, US dollars" }),
    failure: z.string().nullable(),
    createdAt: isoTime,
    updatedAt: isoTime,
  })
  .meta({ id: "Pair" });

export type OpenPairInput = z.infer<typeof openPairBody>;
export type PairView = z.infer<typeof pairSchema>;
export type PairLegView = z.infer<typeof pairLegSchema>;
