import { z } from "zod";

export const jwksSchema = z
  .object({
    keys: z.array(
      z.object({
        kty: z.string(),
        crv: z.string().optional(),
        x: z.string().optional(),
        kid: z.string().optional(),
        alg: z.string().optional(),
        use: z.string().optional(),
      }),
    ),
  })
  .meta({ id: "JWKS", description: "RFC 7517 key set; not wrapped in the envelope, as JWKS consumers expect" });
