import http from "node:http";
import { expect, test } from "@playwright/test";
import { watchConsole } from "./console";

// The page the console scrapes, on the one loopback port the server is allowed to fetch (playwright.config.ts).
const fixturePort = Number(process.env.BOURSE_E2E_FIXTURE_PORT);
const fixtureOrigin = `http://127.0.0.1:${fixturePort}`;
const PAGE = `<!doctype html><html lang="en"><head><title>Zephyr Turbines</title><meta name="description" content="Wind turbines for small farms"></head>
<body><main><article><h1>Zephyr Turbines</h1>
<p>Zephyr builds quiet vertical wind turbines for small farms and remote cabins, rated from two to ten kilowatts.</p>
<p>Every turbine ships with a steel mast, a controller and a battery bank sized for the site.</p>
<p>Read about <a href="/service">our service plans</a>.</p></article></main></body></html>`;

let fixture: http.Server;

test.beforeAll(async () => {
  fixture = http.createServer((req, res) => {
    if (req.url === "/") res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGE);
    else res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
  });
  await new Promise<void>((resolve) => fixture.listen(fixturePort, "127.0.0.1", resolve));
});
test.afterAll(async () => {
  fixture.closeAllConnections();
  await new Promise<void>((resolve) => fixture.close(() => resolve()));
});

test("mint a search key, scrape a page, find it with a search, and see the credits move", async ({ page, request }) => {
  const problems = watchConsole(page);

  // Signing up from /search comes back to it.
  await page.goto("/search");
  await page.getByRole("main").getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fsearch/);
  await page.getByRole("button", { name: "New here? Create an account" }).click();
  await page.getByLabel("Email").fill(`searcher-${Date.now()}@example.test`);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByText("No key in this console yet")).toBeVisible();

  // Mint a key for this console: its secret is shown once.
  await page.getByRole("button", { name: "Mint key" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("e2e search key");
  await expect(dialog.getByRole("checkbox", { name: /Use this key in this console/ })).toBeChecked();
  await dialog.getByRole("button", { name: "Create key" }).click();
  const secret = dialog.getByRole("textbox", { name: "Secret key" });
  await expect(secret).toHaveValue(/^bourse_sr_live_[0-9A-Za-z]{39}$/);
  const key = await secret.inputValue();
  await dialog.getByRole("checkbox", { name: "I have stored this key" }).check();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();

  const credits = page.getByTestId("credits-left");
  await expect(credits).toHaveText("100 credits");
  await expect(page.getByLabel("Key", { exact: true })).toContainText("e2e search key");

  // Plan-gated options are explained, not just disabled.
  await expect(page.getByText("Needs plan Starter or higher; this key is on Free.").first()).toBeVisible();

  // Scrape the fixture page: 5 credits.
  await page.getByRole("tab", { name: "Scrape" }).click();
  const scrapeForm = page.getByRole("form", { name: "Scrape" });
  await scrapeForm.getByLabel("URL").fill(`${fixtureOrigin}/`);
  await scrapeForm.getByRole("checkbox", { name: "Links", exact: true }).check();
  await scrapeForm.getByRole("button", { name: "Scrape" }).click();
  const scraped = page.getByRole("region", { name: "Scrape result" });
  await expect(scraped.getByRole("heading", { name: "Zephyr Turbines" })).toBeVisible();
  await expect(scraped.getByTestId("charge-summary")).toContainText("Charged 5 credits");
  await expect(scraped.getByTestId("charge-summary")).toContainText("95 credits left");
  await expect(scraped.getByText(/quiet vertical wind turbines/)).toBeVisible();
  await scraped.getByRole("tab", { name: /Links/ }).click();
  await expect(scraped.getByText(`${fixtureOrigin}/service`)).toBeVisible();
  await expect(credits).toHaveText("95 credits");

  // The scraped page is now in the index: search for it and scrape the top result again (2 + 3).
  await page.getByRole("tab", { name: "Search" }).click();
  const searchForm = page.getByRole("form", { name: "Search" });
  await searchForm.getByLabel("Query").fill("zephyr turbines");
  await searchForm.getByLabel("Scrape the top").fill("1");
  await expect(searchForm.getByText(/Reserves 5 credits/)).toBeVisible();
  await searchForm.getByRole("button", { name: "Search" }).click();
  const results = page.getByRole("region", { name: "Search results" });
  await expect(results.getByRole("link", { name: "Zephyr Turbines" })).toBeVisible();
  await expect(results.locator("mark", { hasText: /turbines/i }).first()).toBeVisible();
  await expect(results.getByTestId("charge-summary")).toContainText("Charged 5 credits");
  await expect(results.getByTestId("charge-summary")).toContainText("90 credits left");
  await expect(results.getByRole("article", { name: "Scraped page 1" })).toContainText("Zephyr Turbines");
  await expect(credits).toHaveText("90 credits");

  // The ledger tells the same story.
  await page.getByRole("tab", { name: "Usage" }).click();
  const ledger = page.getByRole("list", { name: "Ledger entries, newest first" });
  await expect(ledger.getByText("Settled: 5 credits charged of 5 reserved")).toHaveCount(2);
  await expect(ledger.getByText("Starting credits (Free)")).toBeVisible();

  // The key list shows the balance; the secret never came back to the page.
  await page.getByRole("tab", { name: "Keys" }).click();
  await expect(page.getByRole("row", { name: /e2e search key/ })).toContainText("90 credits");
  expect(await page.content()).not.toContain(key);

  // An agent holding the key sees the same balance.
  const validation = await request.get("/api/web/v1/validate", { headers: { authorization: `Bearer ${key}` } });
  expect(validation.status()).toBe(200);
  expect(await validation.json()).toMatchObject({ valid: true, plan: "Free", credits: 90 });

  expect(problems).toEqual([]);
});
