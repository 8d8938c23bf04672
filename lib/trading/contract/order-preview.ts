import { z } from "zod";
import { RISK_CATEGORIES } from "../execution/errors";
import { orderShape } from "./orders";

const decimal = (description: string) => z.string().meta({ description: `${description} (decimal string)` });

export const riskVerdictSchema = z
  .object({
    allowed: z.boolean().meta({ description: "Whether the risk policy (kill switch included) lets the order through now" }),
    category: z.enum(RISK_CATEGORIES).nullable().meta({ description: "The rule that refuses it (never its threshold); null when allowed" }),
    message: z.string().nullable().meta({ description: "The refusal in words, as placing the order would answer it; null when allowed" }),
  })
  .meta({ id: "RiskVerdict" });

export const orderPreviewSchema = z
  .object({
    ...orderShape,
    routing: z.enum(["SMART", "VENUE"]),
    slippage: z.number().nullable(),
    risk: riskVerdictSchema,
    children: z.array(
      z
        .object({
          venue: z.string(),
          quantity: decimal("What this venue would be sent"),
          price: decimal("Limit price").nullable(),
          triggerPrice: decimal("Trigger price").nullable(),
          protectionPrice: decimal("The worst price a market order of this child accepts").nullable(),
          fillsNow: decimal("What the venue's book would fill at once, within the price bound"),
          averagePrice: decimal("Average price of that fill before fees").nullable(),
          fee: decimal("Expected taker fee of that fill, USD"),
          rests: decimal("What would rest at the limit, or wait for the trigger"),
        })
        .meta({ id: "OrderPreviewChild" }),
    ),
    fillsNow: decimal("Across the children"),
    averagePrice: decimal("Average price before fees of what fills now").nullable(),
    fees: decimal("Expected taker fees, USD"),
    notional: decimal("USD of what fills now, before fees"),
    outcome: z.string().meta({ description: "What placing the order would do now, in plain words" }),
    time: z.int().meta({ description: "When the books were read, ms since the Unix epoch" }),
  })
  .meta({ id: "OrderPreview" });

export type RiskVerdictView = z.infer<typeof riskVerdictSchema>;
export type OrderPreviewView = z.infer<typeof orderPreviewSchema>;
