import { expect, test, type Locator, type Page } from "@playwright/test";
import { watchConsole } from "./console";
import { chartDrawn } from "./chart";

// The markets pages against the simulated venues the server runs (VENUES defaults to embedded outside
// NODE_ENV=test). Nothing here asserts timing.

interface ListedMarket {
  symbol: string;
  venues: { venue: string }[];
}

async function listedMarkets(page: Page): Promise<ListedMarket[]> {
  const res = await page.request.get("/api/token-pairs");
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: ListedMarket[] };
  return body.data;
}

/** What the chart's canvases hold: pixels in the candle colours (either theme), and a fingerprint of all pixels. */
function chartPixels(page: Page): Promise<{ candlePixels: number; fingerprint: number }> {
  return page.getByTestId("candle-chart").evaluate((chart) => {
    const candleColours = [
      [63, 196, 138],
      [240, 115, 106],
      [31, 138, 91],
      [199, 57, 47],
    ];
    let candlePixels = 0;
    let fingerprint = 0;
    for (const canvas of Array.from(chart.querySelectorAll("canvas"))) {
      const context = canvas.getContext("2d");
      if (!context || canvas.width === 0 || canvas.height === 0) continue;
      const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        fingerprint = (fingerprint * 31 + r * 7 + g * 13 + b * 17 + i) % 1_000_000_007;
        if (candleColours.some(([cr, cg, cb]) => Math.abs(r - cr!) < 6 && Math.abs(g - cg!) < 6 && Math.abs(b - cb!) < 6)) candlePixels++;
      }
    }
    return { candlePixels, fingerprint };
  });
}

test("the markets list shows every listed market, searches, sorts and opens a market", async ({ page }) => {
  const problems = watchConsole(page);
  const markets = await listedMarkets(page);
  expect(markets.length).toBeGreaterThan(0);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Markets" })).toBeVisible();
  const table = page.getByRole("table", { name: "Markets" });
  for (const { symbol } of markets) await expect(table.locator(`tr[data-symbol="${symbol}"]`)).toBeVisible();
  await expect(table.locator("tr[data-symbol] svg[role=img]").first()).toBeVisible();

  await page.getByRole("searchbox", { name: "Search markets" }).fill("eth");
  await expect(table.locator("tr[data-symbol]")).toHaveCount(1);
  await expect(table.locator('tr[data-symbol="ETH-USD"]')).toBeVisible();
  await page.getByRole("searchbox", { name: "Search markets" }).fill("");

  await table.getByRole("button", { name: "Market" }).click();
  const sorted = [...markets.map((m) => m.symbol)].sort((a, b) => a.localeCompare(b));
  await expect(table.locator("tr[data-symbol]").first()).toHaveAttribute("data-symbol", sorted[0]!);
  await table.getByRole("button", { name: "Market" }).click();
  await expect(table.locator("tr[data-symbol]").first()).toHaveAttribute("data-symbol", sorted.at(-1)!);

  await table.getByRole("link", { name: "BTC-USD" }).click();
  await expect(page).toHaveURL(/\/markets\/BTC-USD$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("BTC");
  expect(problems).toEqual([]);
});

test("a market shows a book from every venue, a drawn chart and a moving tape; intervals redraw; a level fills the price", async ({ page }) => {
  const problems = watchConsole(page);
  const btc = (await listedMarkets(page)).find((m) => m.symbol === "BTC-USD")!;
  await page.goto("/markets/BTC-USD");

  // The aggregated book (at its opening group) holds levels from all three venues.
  const levels = page.getByTestId("book-level");
  await expect(page.locator('[data-testid=book-level][data-side="bid"]').first()).toBeVisible();
  await expect(page.locator('[data-testid=book-level][data-side="ask"]').first()).toBeVisible();
  await expect
    .poll(
      async () =>
        new Set((await levels.evaluateAll((els) => els.map((el) => el.getAttribute("data-venues") ?? ""))).flatMap((v) => v.split(" ")).filter(Boolean)),
    )
    .toEqual(new Set(btc.venues.map((v) => v.venue)));
  await expect(page.getByTestId("book-spread")).toContainText("Spread");

  // The chart is drawn: its canvases hold candle-coloured pixels.
  const chart = page.getByTestId("candle-chart");
  await chartDrawn(page, "BTC-USD");
  await expect.poll(async () => (await chartPixels(page)).candlePixels).toBeGreaterThan(50);
  // The crosshair shows the values of the candle under the pointer (the last candle otherwise).
  const legendTime = page.getByTestId("chart-legend").locator("div").first();
  // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, which is what the crosshair is compared with
  const lastCandleTime = await legendTime.innerText();
  const box = (await chart.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
  await expect(legendTime).not.toHaveText(lastCandleTime);
  await page.mouse.move(0, 0);

  // TradingView's attribution, as the library's licence asks: its logo on the chart and the notice below it.
  await expect(page.getByRole("link", { name: "Charting by TradingView" })).toBeVisible();
  await expect(page.getByRole("link", { name: "TradingView", exact: true })).toHaveAttribute("href", "https://www.tradingview.com/");

  // The tape moves: a trade newer than the first one shown arrives.
  await page.getByTestId("book-panel").getByRole("tab", { name: "Trades" }).click();
  const firstTrade = page.getByTestId("trade").first();
  await expect(firstTrade).toBeVisible();
  const firstId = await firstTrade.getAttribute("data-trade-id");
  await expect(firstTrade).not.toHaveAttribute("data-trade-id", firstId!, { timeout: 25_000 });

  await page.getByTestId("book-panel").getByRole("tab", { name: "Order book" }).click();

  // Another interval redraws the chart.
  const before = await chartPixels(page);
  await page.getByRole("radio", { name: "1h" }).click();
  await chartDrawn(page, "BTC-USD", "1h");
  await expect.poll(async () => (await chartPixels(page)).fingerprint).not.toBe(before.fingerprint);
  await expect.poll(async () => (await chartPixels(page)).candlePixels).toBeGreaterThan(50);

  // Clicking a level puts its price in the ticket's price field.
  const priceField = page.getByTestId("order-ticket").getByLabel(/^Price/);
  await expect(priceField).toHaveValue("");
  // The book moves while the test runs: read the level's price in the same step as the click.
  const clickLevel = (level: Locator) =>
    level.evaluate((el) => {
      (el as HTMLElement).click();
      return el.getAttribute("data-price");
    });
  const bidPrice = await clickLevel(page.locator('[data-testid=book-level][data-side="bid"]').first());
  await expect(priceField).toHaveValue(bidPrice!);
  const askPrice = await clickLevel(page.locator('[data-testid=book-level][data-side="ask"]').last());
  await expect(priceField).toHaveValue(askPrice!);

  // Grouping: the finest group shows ticks, a coarser one multiples of its width.
  const group = page.getByLabel("Group");
  await group.selectOption({ label: "0.1" });
  await expect(levels.first()).toBeVisible();
  await group.selectOption({ label: "10" });
  await expect
    .poll(async () => (await levels.evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-price"))))).every((p) => p % 10 === 0))
    .toBe(true);

  // The ticket's preview splits a size across venues.
  const ticket = page.getByTestId("order-ticket");
  await ticket.getByLabel("Order type").selectOption("MARKET");
  await ticket.getByLabel(/^Size/).fill("2");
  await expect(ticket.getByTestId("preview-leg").first()).toBeVisible();
  expect(problems).toEqual([]);
});

test("a market is usable on a phone: nothing wider than the screen", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto("/markets/ETH-USD");
  await chartDrawn(page, "ETH-USD");
  await page.getByRole("tablist", { name: "Terminal panels" }).getByRole("tab", { name: "Book" }).click();
  await expect(page.getByTestId("book-level").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.goto("/");
  await expect(page.locator('tr[data-symbol="ETH-USD"]')).toBeVisible();
  expect(problems).toEqual([]);
  await context.close();
});

test("the book says it is lagging when its feed stops, and stops saying so when it is back", async ({ page }) => {
  // The page's own reads fail (stream and polling): the book the server rendered grows old on screen.
  await page.route("**/api/**", (route) => route.abort());
  await page.goto("/markets/BTC-USD");
  await expect(page.getByTestId("book-level").first()).toBeVisible();
  await expect(page.getByTestId("book-lagging")).toContainText("Book lagging", { timeout: 20_000 });
  await page.unroute("**/api/**");
  await expect(page.getByTestId("book-lagging")).toBeHidden({ timeout: 20_000 });
});

test("an unknown market is a 404 page", async ({ page }) => {
  const res = await page.goto("/markets/NOPE-USD");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});
