// The search API on a fresh database with the real scraper, allowed to reach one fixture site on
// loopback; an administrator to set plans and credits. Shared by the search API's integration tests.
import { createServer, request as httpRequest, type Agent } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { expect } from "vitest";
import { reserveCredits, settleCharge } from "../../billing/ledger";
import { type Plan, STARTING_CREDITS } from "../../billing/plans";
import { createDispatcher } from "../../http/dispatch";
import { createTestApi, postJson, type TestApi } from "../../testing/api";
import { createTestOwner, type TestOwner } from "../../testing/owners";
import { startFixtureSite, type FixtureSite, type Route } from "../../web/testing/fixture-site";
import { searchErrorBody } from "./error-body";
import { ledgerEntrySchema } from "../../billing/contract";
import { mintedSearchKeySchema } from "../../auth/contract/search-keys";

const ADMIN_ID = "own_searchTestbedAdmin";

const html = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title><meta name="description" content="${title} at Acme"></head><body>${body}</body></html>`;
const article = (heading: string, ...paragraphs: string[]) =>
  `<main><article><h1>${heading}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join("")}</article></main>`;

/** A small site: a home page linking to three pages (one of them missing), contacts and profiles on it. */
export function acmeSite(): Record<string, Route> {
  return {
    "/": {
      body: html(
        "Acme Rockets",
        article(
          "Acme Rockets",
          "Acme builds reusable rockets for small satellites. Our engines burn kerosene and liquid oxygen, and every booster lands for another flight.",
          'Write to <a href="mailto:Sales@Acme-Rockets.com">our sales desk</a> or call <a href="tel:+14155550123">+1 415 555 0123</a>.',
          'Read <a href="/about">about us</a>, <a href="/missing">our old news</a>, <a href="/team">the team</a> and <a href="/launches">past launches</a>.',
          'Follow us on <a href="https://github.com/acme-rockets">GitHub</a> and <a href="https://x.com/acmerockets">X</a>.',
          '<img src="/booster.png" alt="A booster landing">',
        ),
      ),
    },
    "/about": {
      body: html(
        "About Acme",
        article("About Acme", "Founded by engineers who wanted cheaper access to orbit, Acme has flown forty reusable missions from its coastal launch site."),
      ),
    },
    "/team": {
      body: html(
        "The Acme team",
        article("The team", "Our propulsion team tests every turbopump on the stand before it flies; the avionics team writes the guidance software."),
      ),
    },
    "/launches": {
      body: html(
        "Past launches",
        article("Past launches", "Flight forty carried three weather satellites to a sun-synchronous orbit and the booster landed on the drone ship."),
      ),
    },
  };
}

export interface SearchTestbed {
  t: TestApi;
  site: FixtureSite;
  admin: TestOwner;
  owner: TestOwner;
  /** A key of `owner` on the plan, holding exactly `credits` when given (else Free's starting credits). */
  mintKey(opts?: { plan?: Plan; credits?: number; name?: string }): Promise<{ id: string; key: string }>;
  /** Calls the search API; the body parsed as JSON. */
  call(path: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }>;
  /** POSTs a JSON body with the key. */
  post(
    path: string,
    key: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }>;
  /** The key's ledger, oldest first. */
  ledger(keyId: string): Promise<{ kind: string; amount: number; balance_after: number; charge_id: string | null; detail: Record<string, unknown> }[]>;
  close(): Promise<void>;
}

export async function startSearchTestbed(opts: { env?: Record<string, string>; routes?: Record<string, Route> } = {}): Promise<SearchTestbed> {
  const site = await startFixtureSite(opts.routes ?? acmeSite());
  const t = await createTestApi({ WEB_FETCH_ALLOW: `127.0.0.1:${site.port}`, BOURSE_ADMINS: ADMIN_ID, ...opts.env });
  const admin = await createTestOwner(t, undefined, ADMIN_ID);
  const owner = await createTestOwner(t);

  const call: SearchTestbed["call"] = async (path, init) => {
    const res = await t.request(`/api/web${path}`, init);
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
  };

  return {
    t,
    site,
    admin,
    owner,
    call,
    post: (path, key, body, headers = {}) => call(path, postJson(body, { authorization: `Bearer ${key}`, ...headers })),
    async mintKey({ plan = "Free", credits, name = "test key" } = {}) {
      const minted = await call("/keys", postJson({ name }, await owner.auth()));
      const { id, key, credits: start } = mintedSearchKeySchema.parse(minted.body);
      // Only the owner's first key gets the Free allowance: the others are topped up to it.
      const target = credits ?? STARTING_CREDITS.Free;
      if (plan !== "Free") {
        const res = await call(`/admin/keys/${id}/plan`, {
          method: "PUT",
          headers: { ...(await admin.auth()), "content-type": "application/json" },
          body: JSON.stringify({ plan }),
        });
        expect(res.status).toBe(200);
      }
      if (target < start) await drain(t, id, start - target);
      else if (target > start) expect((await call(`/admin/keys/${id}/credits`, postJson({ amount: target - start }, await admin.auth()))).status).toBe(200);
      return { id, key };
    },
    async ledger(keyId) {
      const res = await call(`/keys/${keyId}/ledger?limit=200`, { headers: await owner.auth() });
      expect(res.status).toBe(200);
      return ledgerEntrySchema.array().parse(res.body).reverse();
    },
    close: async () => {
      await t.close();
      await site.close();
    },
  };
}

/** Takes credits off a key through a settled charge, as real usage would, so the ledger stays exact. */
async function drain(t: TestApi, keyId: string, amount: number): Promise<void> {
  const ctx = { db: t.deps.database.db, clock: t.clock };
  const r = await reserveCredits(ctx, { accountId: keyId, endpoint: "search", amount, requestId: "drain", idempotencyKey: null, fingerprint: "drain" });
  if (r.kind !== "reserved") throw new Error(`could not drain ${amount} credits`);
  await settleCharge(ctx, r.chargeId, { charged: amount, detail: { reason: "test setup" } });
}

/** Asserts the contract's error body, its request id matching the header, and returns it. */
export function expectSearchError(res: { status: number; headers: Headers; body: unknown }, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = searchErrorBody.parse(res.body);
  expect(Object.keys(body).sort()).toEqual(
    ["code", "documentation_url", "error", "message", "request_id", "timestamp", ...(code === "RATE_LIMITED" ? ["retry_after"] : [])].sort(),
  );
  expect(body).toMatchObject({ code, message: body.error, request_id: res.headers.get("x-request-id") });
  expect(body.documentation_url).toBe(`http://bourse.test/reference/search#error-${code}`);
  return body;
}

/** The API behind the real Node server path (dispatcher → @hono/node-server → Hono), on loopback. */
export async function serveOverHttp(t: TestApi): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer(createDispatcher({ api: getRequestListener(t.api.fetch), next: (_req, res) => res.writeHead(404).end() }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One HTTP request from a chosen loopback source address (all of 127.0.0.0/8 is this machine). */
export function requestFrom(
  source: string,
  port: number,
  opts: { method: string; path: string; headers?: Record<string, string>; body?: string; agent?: Agent },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        localAddress: source,
        method: opts.method,
        path: opts.path,
        headers: { "content-type": "application/json", ...opts.headers },
        agent: opts.agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(Buffer.concat(chunks).toString() || "{}") as Record<string, unknown> }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(opts.body);
  });
}
