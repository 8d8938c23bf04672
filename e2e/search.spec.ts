import { execFile } from "node:child_process";
import { promisify } from "node:util";
import http from "node:http";
import { expect, type Page, test } from "@playwright/test";
import { watchConsole } from "./console";
import { pageOfSize, pageWiderThanScreen, screenshot, type Size, tablesWiderThanTheirFrame } from "./layout";

// The search console at 1440×900 and 390×844: minting a key, scraping a page on loopback, finding it
// with a search, the answer in view as results and JSON, the run's request as curl (run for real),
// the session's history, and usage per day and per request. Screenshots go to .test-output/screens/.

// The page the console scrapes, on the one loopback port the server is allowed to fetch (playwright.config.ts).
const fixturePort = Number(process.env.BOURSE_E2E_FIXTURE_PORT);
const fixtureOrigin = `http://127.0.0.1:${fixturePort}`;
const PAGE = `<!doctype html><html lang="en"><head><title>Zephyr Turbines</title><meta name="description" content="Wind turbines for small farms"></head>
<body><main><article><h1>Zephyr Turbines</h1>
<p>Zephyr builds quiet vertical wind turbines for small farms and remote cabins, rated from two to ten kilowatts.</p>
<p>Every turbine ships with a <strong>steel mast</strong>, a controller and a battery bank sized for the site.</p>
<h2>Models</h2>
<ul><li>Two kilowatts</li><li>Ten kilowatts</li></ul>
<p>Read about <a href="/service">our service plans</a>.</p>
<p>Zephyr Turbines<br>4 Quay Road<br>Galway</p></article></main></body></html>`;

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

/** Signs up from /search (which it comes back to) and mints a key kept in the console; returns its secret. */
async function signUpWithKey(page: Page, name: string): Promise<string> {
  await page.goto("/search");
  await page.getByRole("main").getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fsearch/);
  await page.getByRole("button", { name: "New here? Create an account" }).click();
  await page.getByLabel("Email").fill(`searcher-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByText("No key in this console yet")).toBeVisible();

  await page.getByRole("button", { name: "Mint key" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await expect(dialog.getByRole("checkbox", { name: /Use this key in this console/ })).toBeChecked();
  await dialog.getByRole("button", { name: "Create key" }).click();
  const secret = dialog.getByRole("textbox", { name: "Secret key" });
  await expect(secret).toHaveValue(/^bourse_sr_live_[0-9A-Za-z]{39}$/);
  const key = await secret.inputValue();
  await dialog.getByRole("checkbox", { name: "I have stored this key" }).check();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("credits-left")).toHaveText("100 credits");
  return key;
}

async function scrapeFixture(page: Page) {
  await page.getByRole("tab", { name: "Scrape" }).click();
  const form = page.getByRole("form", { name: "Scrape" });
  await form.getByLabel("URL").fill(`${fixtureOrigin}/`);
  await form.getByRole("checkbox", { name: "Links", exact: true }).check();
  await form.getByRole("button", { name: "Scrape" }).click();
  const run = page.getByRole("region", { name: "Scrape run" });
  await expect(run.getByTestId("charge-summary")).toContainText("Charged 5 credits");
  return run;
}

async function search(page: Page, query: string, scrapeTop: number) {
  await page.getByRole("tab", { name: "Search", exact: true }).click();
  const form = page.getByRole("form", { name: "Search" });
  await form.getByLabel("Query").fill(query);
  await form.getByLabel("Scrape the top").fill(String(scrapeTop));
  await form.getByRole("button", { name: "Search" }).click();
  const run = page.getByRole("region", { name: "Search run" });
  await expect(run.getByRole("heading", { name: `Search “${query}”` })).toBeVisible();
  return run;
}

async function expectLayoutFits(page: Page) {
  expect(await tablesWiderThanTheirFrame(page)).toEqual([]);
  expect(await pageWiderThanScreen(page)).toBe(false);
}

test("desktop: scrape, search, answers in view as results and JSON, curl that runs, history, usage per day", async ({ browser }) => {
  test.slow();
  const page = await pageOfSize(browser, "desktop");
  const problems = watchConsole(page);
  const key = await signUpWithKey(page, "e2e search key");

  // The console says what it searches: this deployment's index of scraped pages.
  await expect(page.getByTestId("search-source")).toContainText("pages this deployment has scraped");
  await expect(page.getByText("Needs plan Starter or higher; this key is on Free. Ask an administrator").first()).toBeVisible();
  await expect(page.getByText(/the search itself is charged even when it finds nothing/)).toBeVisible();

  // A complaint about a field goes once the field changes.
  const searchForm = page.getByRole("form", { name: "Search" });
  await searchForm.getByRole("button", { name: "Search" }).click();
  await expect(searchForm.getByText("Query must not be empty.")).toBeVisible();
  await searchForm.getByLabel("Query").fill("z");
  await expect(searchForm.getByText("Query must not be empty.")).toBeHidden();
  await screenshot(page, "search-desktop");

  // Scrape: the answer is brought into view, its Markdown rendered, and the whole answer readable as JSON.
  const scraped = await scrapeFixture(page);
  await expect(scraped).toBeInViewport();
  const article = scraped.getByRole("article", { name: "Scraped page" });
  // The fixture is a company's front page: read as a service page, not an article.
  await expect(article.getByTestId("page-type")).toHaveText("service page");
  await expect(article.getByRole("heading", { name: "Models", level: 2 })).toBeVisible();
  await expect(article.locator("strong", { hasText: "steel mast" })).toBeVisible();
  await expect(article.getByRole("listitem").filter({ hasText: "Ten kilowatts" })).toBeVisible();
  // An address's lines (<br>) stay lines: a hard break in the Markdown, a <br> in the rendering.
  await expect(article.locator("p", { hasText: "4 Quay Road" }).locator("br")).toHaveCount(2);
  await screenshot(page, "search-scrape-page-desktop");
  await scraped.getByRole("tab", { name: "JSON" }).click();
  await expect(scraped.getByTestId("answer-json")).toContainText('"credits_used": 5');
  await screenshot(page, "search-scrape-desktop");

  // The scraped page is in the index now: search for it, scraping the top result again (2 + 3).
  const found = await search(page, "zephyr turbines", 1);
  await expect(found).toBeInViewport();
  await expect(found.getByRole("link", { name: "Zephyr Turbines" })).toBeVisible();
  await expect(found.locator("mark", { hasText: /turbines/i }).first()).toBeVisible();
  await expect(found.getByTestId("charge-summary")).toContainText("Charged 5 credits");
  await expect(found.getByTestId("charge-summary")).toContainText("90 credits left");

  // Its request as curl: masked by default, filled on request, and it works from a shell.
  await found.getByText("Request as curl or TypeScript").click();
  await expect(found.getByTestId("sample-curl")).toContainText('-H "Authorization: Bearer $BOURSE_KEY"');
  await found.getByRole("checkbox", { name: /Fill in the key/ }).check();
  await expect(found.getByTestId("sample-curl")).toContainText(`Bearer ${key}'`);
  await found.getByRole("button", { name: "Copy as curl" }).click();
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toContain(`${new URL(page.url()).origin}/api/web/v1/search`);
  // Not execFileSync: this process serves the fixture page the search scrapes.
  const { stdout } = await promisify(execFile)("bash", ["-c", `${curl} --silent`]);
  expect(JSON.parse(stdout)).toMatchObject({ results_count: 1, credits_used: 5, remaining_credits: 85 });
  await found.getByRole("radio", { name: "TypeScript" }).click();
  await expect(found.getByTestId("sample-ts")).toContainText("await fetch(");

  // A search that finds nothing still costs the contract's base charge (search-api.md, credit rule 1).
  const nothing = await search(page, "qqqxyzzy", 0);
  await expect(nothing.getByText("Nothing found for “qqqxyzzy”")).toBeVisible();
  await expect(nothing.getByTestId("charge-summary")).toContainText("Charged 2 credits");

  // The session's history: every run, and an old answer shown again without a new request.
  await page.getByRole("tab", { name: /History/ }).click();
  const history = page.getByRole("list", { name: "Runs of this session, newest first" });
  await expect(history.getByRole("listitem")).toHaveCount(3);
  await expect(history.getByRole("listitem").first()).toContainText("qqqxyzzy");
  await screenshot(page, "search-history-desktop");
  await history.getByRole("listitem").filter({ hasText: fixtureOrigin }).getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("region", { name: "Scrape run" })).toBeInViewport();
  await expect(page.getByRole("form", { name: "Scrape" }).getByLabel("URL")).toHaveValue(`${fixtureOrigin}/`);

  // Usage: today's bar holds the four paid runs (5 + 5 + 5 + 2), and the table reads as requests.
  await page.getByRole("tab", { name: "Usage" }).click();
  const today = new Date().toISOString().slice(0, 10);
  await expect(page.getByTestId("usage-chart").locator(`[data-day="${today}"]`)).toHaveAttribute("data-charged", "17");
  const requests = page.getByRole("table", { name: "Requests, newest first" });
  await expect(requests.getByRole("row").filter({ hasText: "Search" })).toHaveCount(3);
  await expect(requests.getByRole("row").filter({ hasText: "Starting credits (Free)" })).toHaveCount(1);
  await expectLayoutFits(page);
  await screenshot(page, "search-usage-desktop", true);

  // The key list; the secret never came back into the page's HTML.
  await page.getByRole("tab", { name: "Keys" }).click();
  await expect(page.getByRole("row", { name: /e2e search key/ })).toContainText("83 credits");
  await expectLayoutFits(page);
  expect(await page.content()).not.toContain(key);
  expect(problems).toEqual([]);
});

for (const size of ["phone"] as Size[]) {
  test(`${size}: the console's flows fit the screen`, async ({ browser }) => {
    test.slow();
    const page = await pageOfSize(browser, size);
    const problems = watchConsole(page);
    await signUpWithKey(page, "phone key");
    await screenshot(page, `search-${size}`);
    const scraped = await scrapeFixture(page);
    await expect(scraped).toBeInViewport();
    await screenshot(page, `search-scrape-${size}`);
    const found = await search(page, "vertical wind", 0);
    await expect(found.getByRole("link", { name: "Zephyr Turbines" })).toBeVisible();
    await expectLayoutFits(page);
    await page.getByRole("tab", { name: /History/ }).click();
    await expect(page.getByRole("list", { name: "Runs of this session, newest first" }).getByRole("listitem")).toHaveCount(2);
    await screenshot(page, `search-history-${size}`);
    await page.getByRole("tab", { name: "Usage" }).click();
    await expect(page.getByRole("table", { name: "Requests, newest first" })).toBeVisible();
    await expectLayoutFits(page);
    await screenshot(page, `search-usage-${size}`, true);
    await page.getByRole("tab", { name: "Keys" }).click();
    await expect(page.getByRole("row", { name: /phone key/ })).toBeVisible();
    await expectLayoutFits(page);
    await screenshot(page, `search-keys-${size}`);
    expect(problems).toEqual([]);
  });
}
