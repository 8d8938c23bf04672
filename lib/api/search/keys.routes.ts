import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { findSearchKey, getSearchKey, listSearchKeys, mintSearchKey, revokeSearchKey, searchAllKeys, searchKeyLedger } from "../../auth/search-keys";
import { addSearchKeyCredits, changeSearchKeyPlan, isSearchAdmin } from "../../auth/search-keys-admins";
import { KEY_MINTS_PER_HOUR } from "../../auth/mint-limit";
import { STARTING_CREDITS } from "../../billing/plans";
import type { AppEnv } from "../context";
import { ApiError } from "../errors";
import type { AuthGuards } from "../middleware/auth";
import { addCreditsBody, changePlanBody, ledgerEntrySchema, ledgerQuery } from "../../billing/contract";
import {
  addCreditsResponse,
  adminKeysQuery,
  adminSearchKeySchema,
  mintedSearchKeySchema,
  mintSearchKeyBody,
  searchKeyListSchema,
  searchKeySchema,
} from "../../auth/contract/search-keys";
import { keyIdParam } from "../../auth/contract/key-id";
import { errorResponses, idempotencyHeader, json } from "./openapi-parts";

const ownerSecurity = [{ ownerJwt: [] }];
const notFound = () => new ApiError("NOT_FOUND", "No search key with that id belongs to this owner.");
const ctxOf = (c: { var: AppEnv["Variables"] }) => ({ db: c.var.deps.database.db, clock: c.var.deps.clock });
const isAdmin = (c: { var: AppEnv["Variables"] }) => isSearchAdmin(c.var.deps.database.db, c.var.deps.config.admins, c.var.ownerId);

/** After the owner guard: only administrators (BOURSE_ADMINS) pass. */
const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!(await isAdmin(c))) throw new ApiError("FORBIDDEN", "Only administrators (BOURSE_ADMINS) may change plans and add credits.");
  await next();
};

/** Owners mint, list and revoke their search keys and read their ledgers; administrators set plans and add credits. */
export function registerKeyRoutes(app: OpenAPIHono<AppEnv>, guards: AuthGuards): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/keys",
      tags: ["Key management"],
      summary: "List the owner's search keys",
      description: "Every key of the owner with its plan and balance, newest first; fragments only.",
      security: ownerSecurity,
      middleware: [guards.owner],
      responses: { 200: { description: "The owner's keys", ...json(searchKeyListSchema) }, ...errorResponses([401]) },
    }),
    async (c) => {
      const [keys, admin] = await Promise.all([listSearchKeys(ctxOf(c), c.var.ownerId), isAdmin(c)]);
      return c.json({ keys, is_admin: admin }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/keys",
      tags: ["Key management"],
      summary: "Mint a search key",
      description:
        `On plan Free. One Free allowance per owner: the owner's first search key starts with Free's ${STARTING_CREDITS.Free} credits, every later key ` +
        `(whether or not the first was revoked) with 0 until an administrator adds credits; \`starting_credits\` says which. ` +
        `An owner mints at most ${KEY_MINTS_PER_HOUR} search keys in any hour: beyond, 429 RATE_LIMITED with Retry-After. ` +
        "The secret is in the response and never again; only its SHA-256 is stored.",
      security: ownerSecurity,
      middleware: [guards.owner],
      request: { body: { ...json(mintSearchKeyBody), required: true } },
      responses: { 200: { description: "The new key, with its secret", ...json(mintedSearchKeySchema) }, ...errorResponses([400, 401, 429]) },
    }),
    async (c) => {
      const minted = await mintSearchKey(ctxOf(c), c.var.ownerId, { name: c.req.valid("json").name, plan: "Free" });
      return c.json({ ...minted.record, key: minted.key, starting_credits: minted.startingCredits }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/keys/{id}",
      tags: ["Key management"],
      summary: "Revoke a search key",
      description: "Takes effect on the next request made with the key. Its balance and ledger stay readable.",
      security: ownerSecurity,
      middleware: [guards.owner],
      request: { params: keyIdParam },
      responses: { 200: { description: "The revoked key", ...json(searchKeySchema) }, ...errorResponses([401, 404]) },
    }),
    async (c) => {
      const revoked = await revokeSearchKey(ctxOf(c), c.var.ownerId, c.req.valid("param").id);
      if (!revoked) throw notFound();
      return c.json(revoked, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/keys/{id}/ledger",
      tags: ["Key management"],
      summary: "Credit ledger of a key",
      description: "Every change of the key's balance, newest first: grants, reservations, settlements, plan changes. Its amounts sum to the balance.",
      security: ownerSecurity,
      middleware: [guards.owner],
      request: { params: keyIdParam, query: ledgerQuery },
      responses: { 200: { description: "Entries", ...json(z.array(ledgerEntrySchema)) }, ...errorResponses([400, 401, 404]) },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const owned = await getSearchKey(ctxOf(c), c.var.ownerId, id);
      if (!owned && !((await isAdmin(c)) && (await findSearchKey(ctxOf(c), id)))) throw notFound();
      const q = c.req.valid("query");
      return c.json(await searchKeyLedger(ctxOf(c), id, { limit: q.limit, before: q.before }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/admin/keys",
      tags: ["Administration"],
      summary: "Find search keys of every owner",
      description: "Administrators only. Matches part of a key id, key name or owner email.",
      security: ownerSecurity,
      middleware: [guards.owner, requireAdmin],
      request: { query: adminKeysQuery },
      responses: { 200: { description: "Keys, newest first", ...json(z.array(adminSearchKeySchema)) }, ...errorResponses([400, 401, 403]) },
    }),
    async (c) => {
      const q = c.req.valid("query");
      return c.json(await searchAllKeys(ctxOf(c), q.query, q.limit), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "put",
      path: "/admin/keys/{id}/plan",
      tags: ["Administration"],
      summary: "Change a key's plan",
      description: "Administrators only. Takes effect on the key's next request; the balance is unchanged. Recorded in the ledger.",
      security: ownerSecurity,
      middleware: [guards.owner, requireAdmin],
      request: { params: keyIdParam, body: { ...json(changePlanBody), required: true } },
      responses: { 200: { description: "The key on its new plan", ...json(adminSearchKeySchema) }, ...errorResponses([400, 401, 403, 404]) },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const key = await changeSearchKeyPlan(ctxOf(c), id, c.req.valid("json").plan, c.var.ownerId);
      if (!key) throw new ApiError("NOT_FOUND", "No search key with that id.");
      return c.json(key, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/admin/keys/{id}/credits",
      tags: ["Administration"],
      summary: "Add credits to a key",
      description: "Administrators only. With an Idempotency-Key, a repeated grant adds nothing and answers with the first one.",
      security: ownerSecurity,
      middleware: [guards.owner, requireAdmin],
      request: { params: keyIdParam, headers: idempotencyHeader, body: { ...json(addCreditsBody), required: true } },
      responses: { 200: { description: "The grant and the key's new balance", ...json(addCreditsResponse) }, ...errorResponses([400, 401, 403, 404]) },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const body = c.req.valid("json");
      const added = await addSearchKeyCredits(ctxOf(c), id, {
        amount: body.amount,
        actor: c.var.ownerId,
        note: body.note,
        idempotencyKey: c.req.valid("header")["idempotency-key"],
      });
      if (!added) throw new ApiError("NOT_FOUND", "No search key with that id.");
      return c.json(added, 200);
    },
  );
}
