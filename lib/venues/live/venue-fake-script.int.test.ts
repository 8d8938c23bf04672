// The way docs/venues.md has people try a real venue offline: `npm run venue:fake -- hyperliquid` in one
// process, and a deployment with VENUES=hyperliquid pointed at the URL it prints.
import { type ChildProcess, spawn } from "node:child_process";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/api";
import { apiData, until } from "./live-test-support";

let fake: ChildProcess;
let t: TestApi;

/** Starts scripts/venue-fake.ts on a free port and answers the base URL it prints. */
function startFakeScript(venue: string): Promise<string> {
  fake = spawn(process.execPath, ["--import", "tsx", "scripts/venue-fake.ts", venue], {
    env: { ...process.env, PORT: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let printed = "";
    fake.stdout!.on("data", (chunk: Buffer) => {
      printed += chunk.toString();
      const url = /venue on (http:\/\/127\.0\.0\.1:\d+)/.exec(printed)?.[1];
      if (url !== undefined) resolve(url);
    });
    fake.once("exit", (code) => reject(new Error(`venue:fake exited with ${code}: ${printed}`)));
  });
}

beforeAll(async () => {
  const url = await startFakeScript("hyperliquid");
  t = await createTestApi({ VENUES: "hyperliquid", VENUE_HYPERLIQUID_URL: url });
}, 60_000);
afterAll(async () => {
  await t?.close();
  fake?.kill("SIGTERM");
});

type Level = { price: string; venues: Record<string, string> };

it("serves /api/token-pairs with the fake's markets on venue hyperliquid alone, and their levels in the book", async () => {
  const pairs = await apiData<{ symbol: string; venues: { venue: string; tickSize: string; lotSize: string }[] }[]>(t, "/token-pairs");
  expect(pairs.map((p) => p.symbol)).toEqual(expect.arrayContaining(["BTC-USD", "ETH-USD"]));
  expect(pairs.flatMap((p) => p.venues.map((v) => v.venue))).toEqual(pairs.map(() => "hyperliquid"));
  expect(pairs.find((p) => p.symbol === "BTC-USD")!.venues[0]).toMatchObject({ venueSymbol: "0", tickSize: "1", lotSize: "0.0001" });

  const book = await until("hyperliquid's levels in the book", async () => {
    const b = await apiData<{ bids: Level[]; asks: Level[] }>(t, "/aggregated/book?symbol=BTC-USD");
    return b.bids.length > 0 && b.asks.length > 0 ? b : undefined;
  });
  expect([...book.bids, ...book.asks].every((l) => Object.keys(l.venues).join() === "hyperliquid")).toBe(true);
  expect(Number(book.bids[0]!.price)).toBeLessThan(Number(book.asks[0]!.price));
});
