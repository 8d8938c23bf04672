import { z } from "zod";

export const healthSchema = z
  .object({
    status: z.enum(["ok", "degraded"]).meta({ description: "ok when every check passes" }),
    version: z.string().meta({ example: "0.1.0" }),
    uptime_seconds: z.int().min(0),
    timestamp: z.iso.datetime(),
    instance: z
      .object({
        id: z.string(),
        role: z.enum(["single", "host", "follower"]).meta({
          description: "single: the whole deployment (no REDIS_URL); host: runs the venues for its deployment; follower: serves every route through the host",
        }),
      })
      .meta({ description: "This instance in its deployment" }),
    checks: z.object({
      database: z.object({
        status: z.enum(["ok", "error"]),
        driver: z.enum(["pglite", "postgres"]),
        latency_ms: z.number().min(0),
        error: z.string().optional(),
      }),
      redis: z
        .object({ status: z.enum(["ok", "error"]), latency_ms: z.number().min(0), error: z.string().optional() })
        .optional()
        .meta({ description: "Present when instances share a Redis (REDIS_URL)" }),
    }),
  })
  .meta({ id: "Health", description: "Application health" });

export type Health = z.infer<typeof healthSchema>;
