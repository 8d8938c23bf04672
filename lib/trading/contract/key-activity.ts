import { z } from "zod";

export const keyActivitySchema = z
  .object({
    keyId: z.string(),
    requests: z.int().meta({
      description: "Requests authenticated with this key; each instance adds its count every few seconds, so the latest may not show yet",
    }),
    orders: z.int().meta({ description: "Orders this key placed through the API (each parent order once, however many venues it went to)" }),
    lastOrderAt: z.iso.datetime({ offset: true }).nullable().meta({ description: "When it last placed one" }),
  })
  .meta({ id: "KeyActivity" });

export type KeyActivityView = z.infer<typeof keyActivitySchema>;
