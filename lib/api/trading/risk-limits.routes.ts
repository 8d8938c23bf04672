import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getAgentKey } from "../../auth/agent-keys";
import type { AppEnv } from "../context";
import { ApiError } from "../errors";
import { keyContext, type AuthGuards } from "../middleware/auth";
import { envelopeOf, errorResponses, ok } from "./envelope";
import { json, tradingCall } from "./execution";
import { keyIdParam } from "../../auth/contract/key-id";
import { ownerRiskLimitsSchema, riskOverrideSchema } from "../../trading/contract/risk-limits";

const tags = ["Risk"];
const security = [{ ownerJwt: [] }];
const TIGHTEN_ONLY = "Each value only tightens the operator's policy (a looser one is stored but has no effect); the operator's own values are never shown.";

/** 404 unless the key is the owner's: another owner's key is indistinguishable from none. */
async function requireOwnKey(c: Context<AppEnv>, keyId: string): Promise<void> {
  if (!(await getAgentKey(keyContext(c.var.deps), c.var.ownerId, keyId))) throw new ApiError("NOT_FOUND", "No agent key with that id belongs to this owner.");
}

export function registerRiskLimitRoutes(app: OpenAPIHono<AppEnv>, guards: AuthGuards): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/agent/risk-limits",
      tags,
      summary: "The owner's risk limits",
      description: `The limits the owner set for all their keys and for each key. ${TIGHTEN_ONLY} Owner token.`,
      security,
      middleware: [guards.owner],
      responses: { 200: { description: "Limits", ...json(envelopeOf(ownerRiskLimitsSchema)) }, ...errorResponses(401) },
    }),
    async (c) => ok(c, await tradingCall(() => c.var.deps.trading.riskOverrides(c.var.ownerId))),
  );

  app.openapi(
    createRoute({
      method: "put",
      path: "/agent/risk-limits",
      tags,
      summary: "Set the risk limits for every key",
      description: `Replaces the owner's limits for all their keys; {} removes them. ${TIGHTEN_ONLY} Owner token.`,
      security,
      middleware: [guards.owner],
      request: { body: { ...json(riskOverrideSchema), required: true } },
      responses: { 200: { description: "The limits as stored", ...json(envelopeOf(riskOverrideSchema)) }, ...errorResponses(400, 401) },
    }),
    async (c) => ok(c, await tradingCall(() => c.var.deps.trading.setRiskOverride(c.var.ownerId, null, c.req.valid("json")))),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/agent/keys/{id}/risk-limits",
      tags,
      summary: "One key's risk limits",
      description: `The limits the owner set for this key alone ({} when none; those for all keys apply as well). Owner token.`,
      security,
      middleware: [guards.owner],
      request: { params: keyIdParam },
      responses: { 200: { description: "Limits", ...json(envelopeOf(riskOverrideSchema)) }, ...errorResponses(401, 404) },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await requireOwnKey(c, id);
      return ok(c, (await tradingCall(() => c.var.deps.trading.riskOverrides(c.var.ownerId))).keys[id] ?? {});
    },
  );

  app.openapi(
    createRoute({
      method: "put",
      path: "/agent/keys/{id}/risk-limits",
      tags,
      summary: "Set one key's risk limits",
      description: `Replaces the owner's limits for this key; {} removes them. ${TIGHTEN_ONLY} Owner token.`,
      security,
      middleware: [guards.owner],
      request: { params: keyIdParam, body: { ...json(riskOverrideSchema), required: true } },
      responses: { 200: { description: "The limits as stored", ...json(envelopeOf(riskOverrideSchema)) }, ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await requireOwnKey(c, id);
      return ok(c, await tradingCall(() => c.var.deps.trading.setRiskOverride(c.var.ownerId, id, c.req.valid("json"))));
    },
  );
}
