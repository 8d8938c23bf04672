import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scrapeResponse } from "../../web/contract/scrape";
import { acmeSite, startSearchTestbed, type SearchTestbed } from "./testbed";

describe("a retry while the first request is still running", () => {
  let tb: SearchTestbed;
  // The page answers when the test says: the retry is sent once the first request is fetching it (a
  // fixed head start was too short on a loaded machine, the retry then running first).
  let fetched: () => void;
  const fetching = new Promise<void>((resolve) => (fetched = resolve));
  let answer: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  beforeAll(async () => {
    tb = await startSearchTestbed({
      routes: {
        ...acmeSite(),
        "/slow": (_req, res) => {
          fetched();
          void answered.then(() =>
            res
              .writeHead(200, { "content-type": "text/html; charset=utf-8" })
              .end("<html><head><title>Slow page</title></head><body><p>Eventually.</p></body></html>"),
          );
        },
      },
    });
  });
  afterAll(() => tb.close());

  it("answers 409 CONFLICT with Retry-After, charges once, and replays once it has finished", async () => {
    const { id, key } = await tb.mintKey();
    const body = { url: `${tb.site.origin}/slow` };
    const first = tb.post("/v1/scrape", key, body, { "idempotency-key": "slow-1" });
    await fetching;
    try {
      const early = await tb.post("/v1/scrape", key, body, { "idempotency-key": "slow-1" });
      expect(early.status).toBe(409);
      expect(early.body).toMatchObject({ code: "CONFLICT", retry_after: 1, request_id: early.headers.get("x-request-id") });
      expect(String(early.body.error)).toMatch(/still running/);
      expect(early.headers.get("retry-after")).toBe("1");
    } finally {
      answer();
    }
    expect((await first).status).toBe(200);
    const late = await tb.post("/v1/scrape", key, body, { "idempotency-key": "slow-1" });
    expect(scrapeResponse.parse(late.body)).toMatchObject({ success: true, credits_used: 5, remaining_credits: 95 });
    expect((await tb.ledger(id)).filter((e) => e.kind === "reserve")).toHaveLength(1);
  });
});

describe("an unexpected failure", () => {
  it("answers 500 INTERNAL_ERROR in the contract's body, with the rate-limit headers and no internals", async () => {
    const tb = await startSearchTestbed();
    const { key } = await tb.mintKey();
    await tb.t.deps.database.close();
    try {
      const res = await tb.post("/v1/search", key, { query: "acme" });
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({ code: "INTERNAL_ERROR", request_id: res.headers.get("x-request-id") });
      expect(Object.keys(res.body).sort()).toEqual(["code", "documentation_url", "error", "message", "request_id", "timestamp"]);
      expect(JSON.stringify(res.body)).not.toMatch(/select|pglite|postgres|stack/i);
      expect(res.headers.get("x-ratelimit-limit")).toBe("60");
      expect(res.headers.get("x-ratelimit-remaining")).toBe("59");
    } finally {
      await tb.close().catch(() => {});
    }
  });
});
