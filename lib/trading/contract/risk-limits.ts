import { z } from "zod";

const usd = z
  .string()
  .regex(/^\d+(\.\d{1,6})?$/, 'must be US dollars as a decimal string with at most 6 decimals, such as "2500.50"')
  .max(40)
  .meta({ description: "US dollars as a decimal string" });

/** An owner's tightening of the operator's risk policy: every field optional, {} sets none (and removes a stored override). */
export const riskOverrideSchema = z
  .strictObject({
    maxOrderNotionalUsd: usd.optional().meta({ description: "One order's size × its worst price" }),
    maxPositionNotionalUsd: usd.optional().meta({ description: "Per symbol: held plus live orders on one side, at the mark" }),
    maxTotalNotionalUsd: usd.optional().meta({ description: "The same, summed over every symbol" }),
    dailyLossUsd: usd.optional().meta({ description: "Equity lost since the UTC day's first order" }),
    maxLeverage: z.int().min(1).max(1000).optional().meta({ description: "For every symbol" }),
    priceCollar: z.number().gt(0).lte(1).optional().meta({ description: "How far a limit price or trigger may be from the mark, as a fraction of it" }),
    maxOpenOrders: z.int().min(0).max(1_000_000).optional().meta({ description: "Live orders across venues" }),
  })
  .meta({ id: "RiskOverride" });

export const ownerRiskLimitsSchema = z
  .object({
    allKeys: riskOverrideSchema.meta({ description: "For every key of the owner ({} when none)" }),
    keys: z.record(z.string(), riskOverrideSchema).meta({ description: "Each key's own, by key id (keys without one are absent)" }),
  })
  .meta({ id: "OwnerRiskLimits" });

export type RiskOverrideInput = z.infer<typeof riskOverrideSchema>;
export type OwnerRiskLimits = z.infer<typeof ownerRiskLimitsSchema>;
