import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBraveProvider } from "./brave";
import { SearchProviderError } from "./provider";
import { recording, startRecordedProvider, type RecordedProvider } from "./testing/recorded-provider";

const TOKEN = "BSA-test-token";
let fake: RecordedProvider;

beforeAll(async () => {
  fake = await startRecordedProvider(({ query, headers }) => {
    if (headers["x-subscription-token"] !== TOKEN)
      return { status: 401, body: { type: "ErrorResponse", error: { code: "SUBSCRIPTION_TOKEN_INVALID", status: 401 } } };
    return { body: recording(query.get("offset") === "0" ? "brave-page0" : "brave-page1") };
  });
});
afterAll(() => fake.close());

const provider = (apiKey = TOKEN) => createBraveProvider({ baseUrl: fake.origin, apiKey });

describe("the Brave Search adapter", () => {
  it("sends the subscription token and maps results, dropping markup and decoding entities", async () => {
    fake.requests.length = 0;
    const hits = await provider().search("perpetual futures funding", { maxResults: 5 });
    expect(fake.requests.map((r) => [r.path, r.query.get("q"), r.query.get("count"), r.query.get("offset")])).toEqual([
      ["/res/v1/web/search", "perpetual futures funding", "5", "0"],
    ]);
    expect(hits).toHaveLength(5);
    expect(hits[0]).toEqual({
      title: "Perpetual futures explained: funding rates & mark price",
      url: "https://exchange-academy.example/perpetual-futures",
      snippet: "A perpetual future never expires; the funding rate keeps its price near the index. Longs pay shorts when the contract trades above spot.",
      date: "2025-01-01T08:30:00.000Z",
    });
    expect(hits[1]).not.toHaveProperty("date");
  });

  it("pages by 20 until a short page, without repeating a URL", async () => {
    fake.requests.length = 0;
    const hits = await provider().search("perpetual futures funding", { maxResults: 50 });
    expect(fake.requests.map((r) => [r.query.get("count"), r.query.get("offset")])).toEqual([
      ["20", "0"],
      ["20", "1"],
    ]);
    expect(hits).toHaveLength(22);
    expect(new Set(hits.map((h) => h.url)).size).toBe(22);
  });

  it("fails with SearchProviderError when the token is refused", async () => {
    await expect(provider("wrong").search("q", { maxResults: 3 })).rejects.toThrow(SearchProviderError);
    await expect(provider("wrong").search("q", { maxResults: 3 })).rejects.toThrow(/answered 401/);
  });
});
