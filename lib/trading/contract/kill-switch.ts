import { z } from "zod";

export const killSwitchStateSchema = z
  .object({
    all: z.boolean().meta({ description: "Engaged for every key of the owner (the desk included)" }),
    keys: z.array(z.object({ keyId: z.string(), engagedAt: z.iso.datetime({ offset: true }) })).meta({ description: "Keys switched off one by one" }),
  })
  .meta({ id: "KillSwitch" });

export const killSwitchBody = z.strictObject({
  keyId: z.string().min(1).max(64).optional().meta({ description: "One agent key's id; every key of the owner when absent" }),
});

export const killSwitchEngaged = z.object({ state: killSwitchStateSchema, cancelled: z.int() });

export const killSwitchReleaseQuery = z.object({ keyId: z.string().min(1).max(64).optional() });
