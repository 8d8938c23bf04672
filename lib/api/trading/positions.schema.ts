import { z } from "zod";

const decimal = z.string().meta({ description: "Decimal string" });

export const positionSchema = z
  .object({
    venue: z.string(),
    symbol: z.string(),
    side: z.enum(["LONG", "SHORT"]),
    size: decimal,
    entryPrice: decimal,
    markPrice: decimal,
    liquidationPrice: decimal.nullable(),
    unrealizedPnl: decimal,
    margin: decimal,
    leverage: decimal,
  })
  .meta({ id: "Position" });
