import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { jwksSchema } from "../../auth/contract/owner-tokens";
import { publicJwks } from "../../auth/owner-tokens";
import type { AppEnv } from "../context";

export function registerJwksRoute(app: OpenAPIHono<AppEnv>): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/.well-known/jwks.json",
      tags: ["Owner tokens"],
      summary: "Public keys that verify owner tokens",
      description: "Ed25519 keys (EdDSA). A retired key stays listed until every token it signed has expired.",
      responses: { 200: { description: "The key set", content: { "application/json": { schema: jwksSchema } } } },
    }),
    async (c) => {
      const { database, clock, config, secret } = c.var.deps;
      const jwks = await publicJwks({ db: database.db, clock, config, secret });
      return c.json(jwksSchema.parse(jwks), 200, { "Cache-Control": "public, max-age=300" });
    },
  );
}
