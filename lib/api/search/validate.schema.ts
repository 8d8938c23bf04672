import { z } from "zod";
import { PLANS } from "../../billing/plans";

const windowSchema = z.object({
  limit: z.int().meta({ description: "Requests per minute" }),
  remaining: z.int().meta({ description: "Left in the current window for the caller's IP" }),
  reset: z.int().meta({ description: "Unix time (seconds) when the window resets" }),
});

export const planSchema = z.enum(PLANS).meta({ id: "Plan", description: "Free < Starter < Builder < Unicorn" });

export const validateResponse = z
  .object({
    valid: z.literal(true),
    status: z.literal("active").meta({ description: "Only active keys validate; others answer 401" }),
    key_id: z.string().meta({ example: "srk_3kTn8fQ2xLmP9vR4w" }),
    name: z.string(),
    plan: planSchema,
    credits: z.int().min(0).meta({ description: "Current balance" }),
    features: z
      .object({ include_contacts: z.boolean(), include_social: z.boolean(), follow_internal_links: z.boolean() })
      .meta({ description: "The plan-gated options this key may use" }),
    rate_limits: z.object({ search: windowSchema, scrape: windowSchema }).meta({ description: "The caller's windows as they stand; validating uses neither" }),
  })
  .meta({ id: "KeyValidation" });

export type ValidateResponse = z.infer<typeof validateResponse>;
