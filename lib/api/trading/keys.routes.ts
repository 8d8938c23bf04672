import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { keyActivitySchema } from "../../trading/contract/key-activity";
import { keyActivity } from "../../trading/execution/key-names";
import { listAudit } from "../../auth/audit";
import { KeyNotRollableError, listAgentKeys, mintAgentKey, revokeAgentKey, rollAgentKey, setSwapPolicy } from "../../auth/agent-keys";
import { KEY_MINTS_PER_HOUR } from "../../auth/mint-limit";
import { parseAtoms } from "../../engine/accounts/market-units";
import { keyContext, type AuthGuards } from "../middleware/auth";
import type { AppEnv } from "../context";
import { ApiError } from "../errors";
import { envelopeOf, errorResponses, ok } from "./envelope";
import {
  agentKeySchema,
  mintAgentKeyBody,
  mintedAgentKeySchema,
  rollAgentKeyBody,
  rolledAgentKeySchema,
  updateSwapPolicyBody,
} from "../../auth/contract/agent-keys";
import { auditEventSchema, auditQuery } from "../../auth/contract/audit";
import { keyIdParam } from "../../auth/contract/key-id";

const DEFAULT_GRACE_SECONDS = 3600;
const security = [{ ownerJwt: [] }];
const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
/** A daily swap limit from the wire (decimal US dollars) in millionths; undefined stays undefined (unchanged). */
const limitMicros = (usd: string | null | undefined) => (usd === undefined ? undefined : usd === null ? null : parseAtoms(usd));
const notFound = () => new ApiError("NOT_FOUND", "No agent key with that id belongs to this owner.");

export function registerKeyRoutes(app: OpenAPIHono<AppEnv>, guards: AuthGuards): void {
  app.openapi(
    createRoute({
      method: "post",
      path: "/agent/keys",
      tags: ["Agent keys"],
      summary: "Mint an agent key",
      description:
        `The secret is in the response and never again; only its SHA-256 is stored. An owner mints at most ${KEY_MINTS_PER_HOUR} agent keys in any hour (keys minted by rolling count too; rolling itself is never refused): beyond, 429 RATE_LIMITED with Retry-After. ` +
        "For keys with the swap scope, `swapRecipients` (default []: the owner's own wallets only) and `swapDailyLimitUsd` (default null: none) bound where and how much its swaps may pay out.",
      security,
      middleware: [guards.owner],
      request: { body: { ...json(mintAgentKeyBody), required: true } },
      responses: { 200: { description: "The new key, with its secret", ...json(envelopeOf(mintedAgentKeySchema)) }, ...errorResponses(400, 401, 429) },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const { deps, ownerId } = c.var;
      const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= deps.clock.now()) throw new ApiError("BAD_REQUEST", "expiresAt: must be in the future");
      const { key, record } = await mintAgentKey(keyContext(deps), ownerId, {
        name: body.name,
        scopes: body.scopes,
        expiresAt,
        ipAllowlist: body.ipAllowlist ?? null,
        swapRecipients: body.swapRecipients,
        swapDailyLimitMicros: limitMicros(body.swapDailyLimitUsd),
      });
      return ok(c, { ...record, key });
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/agent/keys",
      tags: ["Agent keys"],
      summary: "List agent keys",
      description: "Every key of the owner, newest first, revoked and expired ones included, with fragments only.",
      security,
      middleware: [guards.owner],
      responses: { 200: { description: "The owner's keys", ...json(envelopeOf(z.array(agentKeySchema))) }, ...errorResponses(401) },
    }),
    async (c) => ok(c, await listAgentKeys(keyContext(c.var.deps), c.var.ownerId)),
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/agent/keys/{id}",
      tags: ["Agent keys"],
      summary: "Revoke an agent key",
      description: "Takes effect on the very next request made with the key. Revoking a revoked key changes nothing.",
      security,
      middleware: [guards.owner],
      request: { params: keyIdParam },
      responses: { 200: { description: "The revoked key", ...json(envelopeOf(agentKeySchema)) }, ...errorResponses(401, 404) },
    }),
    async (c) => {
      const revoked = await revokeAgentKey(keyContext(c.var.deps), c.var.ownerId, c.req.valid("param").id);
      if (!revoked) throw notFound();
      return ok(c, revoked);
    },
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/agent/keys/{id}",
      tags: ["Agent keys"],
      summary: "Change a key's swap policy",
      description:
        "Replaces the key's `swapRecipients` (addresses its swaps may pay out to besides the owner's own wallets) and/or `swapDailyLimitUsd` (US dollars its executed swaps " +
        "may be worth per UTC day; null removes it). Takes effect on the key's next swap request; recorded in the audit log.",
      security,
      middleware: [guards.owner],
      request: { params: keyIdParam, body: { ...json(updateSwapPolicyBody), required: true } },
      responses: { 200: { description: "The key as changed", ...json(envelopeOf(agentKeySchema)) }, ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const updated = await setSwapPolicy(keyContext(c.var.deps), c.var.ownerId, c.req.valid("param").id, {
        swapRecipients: body.swapRecipients,
        swapDailyLimitMicros: limitMicros(body.swapDailyLimitUsd),
      });
      if (!updated) throw notFound();
      return ok(c, updated);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/agent/keys/{id}/roll",
      tags: ["Agent keys"],
      summary: "Roll an agent key",
      description:
        "Mints a replacement with the same name, scopes, allowlist, swap policy and expiry. The old key keeps working for the grace period (default one hour, at most seven days), then expires.",
      security,
      middleware: [guards.owner],
      request: { params: keyIdParam, body: { ...json(rollAgentKeyBody), required: false } },
      responses: {
        200: { description: "The replacement (with its secret) and the old key", ...json(envelopeOf(rolledAgentKeySchema)) },
        ...errorResponses(400, 401, 404, 409),
      },
    }),
    async (c) => {
      const grace = c.req.valid("json").gracePeriodSeconds ?? DEFAULT_GRACE_SECONDS;
      try {
        const rolled = await rollAgentKey(keyContext(c.var.deps), c.var.ownerId, c.req.valid("param").id, grace);
        if (!rolled) throw notFound();
        return ok(c, { key: { ...rolled.record, key: rolled.key }, previous: rolled.previous });
      } catch (err) {
        if (err instanceof KeyNotRollableError) throw new ApiError("CONFLICT", err.message);
        throw err;
      }
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/agent/audit",
      tags: ["Agent keys"],
      summary: "Audit log of key and venue-account changes",
      description:
        "Who minted, rolled, revoked or changed the swap policy of which key, and who linked, replaced or removed which venue account (and which checks the venue refused), " +
        "and when; newest first. Venue-account events name the venue and the account's identifier in `detail`, never a credential.",
      security,
      middleware: [guards.owner],
      request: { query: auditQuery },
      responses: { 200: { description: "Events", ...json(envelopeOf(z.array(auditEventSchema))) }, ...errorResponses(400, 401) },
    }),
    async (c) => {
      const q = c.req.valid("query");
      return ok(c, await listAudit(c.var.deps.database.db, c.var.ownerId, { limit: q.limit, before: q.before }));
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/agent/keys/activity",
      tags: ["Agent keys"],
      summary: "What each key has done",
      description:
        "Per agent key of the owner's, revoked included: the requests it has made (counted in memory and written every few seconds), the orders it has placed and when it placed the last one.",
      security,
      middleware: [guards.owner],
      responses: { 200: { description: "Activity per key", ...json(envelopeOf(z.array(keyActivitySchema))) }, ...errorResponses(401) },
    }),
    async (c) => ok(c, await keyActivity(c.var.deps.database.db, c.var.ownerId)),
  );
}
