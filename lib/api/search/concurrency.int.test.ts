import { Agent } from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { accountOf, ledgerSum } from "../../billing/ledger";
import { requestFrom, serveOverHttp, startSearchTestbed, type SearchTestbed } from "./testbed";

// 200 searches at once against a balance that covers 50, through the real server. Each comes through
// the trusted proxy for its own client address, so no window is in the way: only the credits are.
let tb: SearchTestbed;
let server: Awaited<ReturnType<typeof serveOverHttp>>;

beforeAll(async () => {
  tb = await startSearchTestbed({ env: { TRUSTED_PROXIES: "127.0.0.1" } });
  server = await serveOverHttp(tb.t);
});
afterAll(async () => {
  await server.close();
  await tb.close();
});

it("200 parallel searches against a balance covering 50: exactly 50 succeed, the balance ends at zero, the ledger sums to it", async () => {
  const { id, key } = await tb.mintKey({ credits: 100 });
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const answers = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      requestFrom("127.0.0.1", server.port, {
        method: "POST",
        path: "/api/web/v1/search",
        headers: { authorization: `Bearer ${key}`, "x-forwarded-for": `198.51.100.${i % 250}` },
        body: JSON.stringify({ query: "acme" }),
        agent,
      }),
    ),
  );
  agent.destroy();
  const ok = answers.filter((a) => a.status === 200);
  const refused = answers.filter((a) => a.status === 402);
  expect(ok).toHaveLength(50);
  expect(refused).toHaveLength(150);
  for (const a of refused) expect(a.body).toMatchObject({ code: "INSUFFICIENT_CREDITS" });
  for (const a of ok) expect(a.body).toMatchObject({ credits_used: 2, remaining_credits: expect.any(Number) });
  expect(Math.min(...ok.map((a) => a.body.remaining_credits as number))).toBe(0);
  const ctx = { db: tb.t.deps.database.db, clock: tb.t.clock };
  expect(await accountOf(ctx, id)).toEqual({ plan: "Free", balance: 0 });
  expect(await ledgerSum(ctx, id)).toBe(0);
});
