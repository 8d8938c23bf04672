import { expect, type Page, test } from "@playwright/test";
import { watchConsole } from "./console";
import { generatePrivateKey } from "viem/accounts";
import type { Hex } from "viem";
import { injectTestWallet, signInWithWallet } from "./wallet";
import { pageOfSize, screenshot, tablesWiderThanTheirFrame } from "./layout";
import { selectTab } from "./tabs";
import { chartDrawn } from "./chart";

// The trading terminal (/markets/[symbol], and /trade, the same panels for a signed-in owner) on a
// desktop and on a phone, against the simulated venues the server runs. Each test writes screenshots
// of the pages it shows to .test-output/screens/.

async function signIn(page: Page, path: string, privateKey: Hex = generatePrivateKey()): Promise<void> {
  await injectTestWallet(page, 31337, privateKey);
  await signInWithWallet(page, path);
}

/** Whether the page scrolls vertically. */
const pageScrolls = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollHeight > window.innerHeight);

/** Opens each account tab in turn; every table shown fits its card. */
async function everyAccountTabFits(page: Page, shot: string): Promise<void> {
  const tabs = page.getByTestId("account-tabs").getByRole("tab");
  for (const name of await tabs.allInnerTexts()) {
    await page.getByTestId("account-tabs").getByRole("tab", { name, exact: true }).click();
    await expect(page.getByRole("tabpanel", { name })).toBeVisible();
    await expect(page.getByRole("tabpanel", { name }).locator("[aria-busy=true], [aria-label^=Loading]")).toHaveCount(0);
    expect(await tablesWiderThanTheirFrame(page), `${name} tab`).toEqual([]);
    if (name === "Positions" || name === "Order history") await screenshot(page, `${shot}-${name.toLowerCase().replace(/ /g, "-")}`);
  }
}

test("a market's terminal fits one desktop screen for a visitor, and an unknown market answers 404", async ({ browser }) => {
  const page = await pageOfSize(browser, "desktop");
  const problems = watchConsole(page);
  await page.goto("/markets/BTC-USD");
  await chartDrawn(page, "BTC-USD");
  await expect(page.getByTestId("book-level").first()).toBeVisible();
  expect(await pageScrolls(page)).toBe(false);
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-live", "true");
  await screenshot(page, "market-desktop");

  // The switcher lists every market with its price and change, and leads to another.
  await page.getByRole("button", { name: /BTC-USD perpetual, switch market/ }).click();
  await expect(page.getByTestId("switcher-market").first()).toContainText(/\d/);
  await page.getByTestId("switcher-market").filter({ hasText: "ETH-USD" }).click();
  await expect(page).toHaveURL(/\/markets\/ETH-USD$/);
  await chartDrawn(page, "ETH-USD");
  expect(problems).toEqual([]);

  for (const path of ["/reference/no-such-api", "/no-such-page", "/markets/FOO-USD"]) {
    const missing = await page.goto(path);
    expect(missing?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  }
  await screenshot(page, "not-found-desktop");
  await page.context().close();
});

test("on a desktop the desk trades from the ticket to a position and its close, with fills, history and the kill switch", async ({ browser }) => {
  test.slow();
  const page = await pageOfSize(browser, "desktop");
  const problems = watchConsole(page);
  await signIn(page, "/trade?symbol=BTC-USD");
  await chartDrawn(page, "BTC-USD");
  await expect(page.getByTestId("desk-live")).toHaveAttribute("data-stream", "live");
  expect(await pageScrolls(page)).toBe(false);
  await screenshot(page, "trade-desktop");

  // A buy limit below every ask previews as resting, not as filling above its own limit.
  const ticket = page.getByTestId("order-ticket");
  await ticket.getByLabel("Size (BTC)").fill("0.01");
  await ticket.getByLabel("Order type").selectOption("LIMIT");
  const bestBid = Number(await page.locator('[data-testid=book-level][data-side="bid"]').first().getAttribute("data-price"));
  await ticket.getByLabel(/^Price/).fill(String(Math.floor(bestBid * 0.9)));
  await expect(ticket.getByTestId("preview-rests")).toContainText("nothing fills at this price now");
  await expect(ticket.getByTestId("preview-leg")).toHaveCount(0);
  // Above the asks, a post-only buy would take: the preview says it would be refused.
  await ticket.getByLabel(/^Price/).fill(String(Math.ceil(bestBid * 1.05)));
  await ticket.getByLabel("Post only").check();
  await expect(ticket.getByTestId("preview-remainder")).toContainText("would take liquidity now");
  await ticket.getByLabel("Post only").uncheck();

  // A market buy at 5× (cost, margin and the margin available shown first) fills, says so in a
  // notice, and opens a position at that leverage.
  await ticket.getByLabel("Order type").selectOption("MARKET");
  await ticket.getByLabel("Leverage").selectOption("5");
  // With a take-profit and a stop-loss attached: a take-profit below the mark is named before sending.
  await ticket.getByLabel("Take profit").fill(String(Math.round(bestBid * 0.95)));
  await ticket.getByRole("button", { name: "Buy BTC" }).click();
  await expect(ticket.getByText(/A buy's take-profit goes above the mark/)).toBeVisible();
  await ticket.getByLabel("Take profit").fill(String(Math.round(bestBid * 1.1)));
  await ticket.getByLabel("Stop loss").fill(String(Math.round(bestBid * 0.9)));
  await expect(ticket.getByTestId("preview-leg").first()).toBeVisible();
  const margin = ticket.getByTestId("margin-summary");
  await expect(margin).toContainText("Margin at 5×");
  await expect(margin.getByTestId("margin-available")).toHaveText(/^\$\d[\d,]*\.\d{2}$/);
  await expect(margin).toContainText("Est. liquidation");
  await ticket.getByRole("button", { name: "Buy BTC" }).click();
  await expect(ticket.getByTestId("order-result")).toHaveAttribute("data-status", "FILLED", { timeout: 20_000 });
  await expect(page.getByTestId("toast").first()).toContainText("Buy 0.01 BTC: filled");
  const positions = page.getByRole("tabpanel", { name: "Positions" });
  const position = positions.locator('[data-testid=position][data-symbol="BTC-USD"]');
  await expect(position.getByTestId("position-size")).toHaveText("0.0100");
  await expect(positions.getByTestId("position-leg").first()).toContainText("5.0×");
  const exits = positions.getByTestId("position-leg").first().getByTestId("position-exits");
  await expect(exits).toHaveText(/^\d[\d,.]* \/ \d[\d,.]*$/);
  expect(await pageScrolls(page)).toBe(false);

  // The exits the venue placed as the buy filled: reduce-only, placed by the desk's key.
  const tabs = page.getByTestId("account-tabs");
  await tabs.getByRole("tab", { name: "Open orders" }).click();
  const exitOrders = page.getByRole("tabpanel", { name: "Open orders" }).getByTestId("open-order");
  await expect(exitOrders).toHaveCount(2);
  await expect(exitOrders.filter({ hasText: "Take-profit market" })).toContainText("reduce-only");
  await expect(exitOrders.getByTestId("order-key").first()).toHaveText("Dashboard desk");
  await screenshot(page, "trade-desktop-open-orders");

  // Replaced on the open position: the take-profit moves, the stop-loss is removed.
  await tabs.getByRole("tab", { name: "Positions" }).click();
  const before = await exits.textContent();
  await positions
    .getByTestId("position-leg")
    .first()
    .getByRole("button", { name: /^Take-profit and stop-loss of/ })
    .click();
  const exitsDialog = page.getByRole("dialog", { name: /^Take-profit and stop-loss: BTC-USD/ });
  await exitsDialog.getByLabel("Take profit").fill(String(Math.round(bestBid * 1.2)));
  await exitsDialog.getByLabel("Stop loss").fill("");
  await exitsDialog.getByRole("button", { name: "Save" }).click();
  await expect(exitsDialog).toBeHidden({ timeout: 20_000 });
  await expect(page.getByTestId("toast").filter({ hasText: "take-profit and stop-loss saved" })).toBeVisible();
  await expect(exits).not.toHaveText(before ?? "");
  await expect(exits).toHaveText(/^\d[\d,.]* \/ —$/);

  await tabs.getByRole("tab", { name: "Fills" }).click();
  await expect(page.getByRole("tabpanel", { name: "Fills" }).locator('[data-testid=fill][data-symbol="BTC-USD"]').first()).toBeVisible();
  await tabs.getByRole("tab", { name: "Order history" }).click();
  await expect(page.getByRole("tabpanel", { name: "Order history" }).locator('[data-testid=history-order][data-status="FILLED"]').first()).toBeVisible();
  await everyAccountTabFits(page, "trade-desktop");

  // Closed whole: the position goes, the close shows among the fills.
  await tabs.getByRole("tab", { name: "Positions" }).click();
  await position.getByRole("button", { name: "Close…" }).click();
  const dialog = page.getByRole("dialog", { name: "Close BTC-USD" });
  await dialog.getByRole("button", { name: "Close position" }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(position).toHaveCount(0);
  await tabs.getByRole("tab", { name: "Fills" }).click();
  await expect(page.getByRole("tabpanel", { name: "Fills" }).getByTestId("fill").filter({ hasText: "Close" }).first()).toBeVisible();
  // Its exits went with it.
  await tabs.getByRole("tab", { name: "Open orders" }).click();
  await expect(page.getByRole("tabpanel", { name: "Open orders" }).getByText("No open orders")).toBeVisible();
  await tabs.getByRole("tab", { name: "Order history" }).click();
  await expect(
    page.getByRole("tabpanel", { name: "Order history" }).getByTestId("history-order").filter({ hasText: "its position was closed" }).first(),
  ).toBeVisible();

  // The kill switch: a banner on every page while engaged, and the keys it covers read "stopped".
  await tabs.getByRole("tab", { name: "Kill switch" }).click();
  await page.getByTestId("kill-switch").getByRole("button", { name: "Stop every key" }).click();
  await expect(page.getByTestId("kill-switch-banner")).toContainText("Kill switch engaged");
  expect(await pageScrolls(page)).toBe(false);
  await screenshot(page, "trade-desktop-kill-switch");
  await ticket.getByRole("button", { name: "Buy BTC" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "refused" }).first()).toContainText("kill switch");
  await page.goto("/keys");
  await expect(page.getByTestId("kill-switch-banner")).toBeVisible();
  await expect(page.getByTestId("agent-key").first()).toHaveAttribute("data-status", "stopped");
  expect(await tablesWiderThanTheirFrame(page)).toEqual([]);
  await screenshot(page, "keys-desktop-kill-switch");
  await page.getByRole("link", { name: "Release it on the desk" }).click();
  await tabs.getByRole("tab", { name: "Kill switch" }).click();
  await page.getByTestId("kill-switch").getByRole("button", { name: "Release the kill switch" }).click();
  await expect(page.getByTestId("kill-switch-banner")).toHaveCount(0);

  expect(problems).toEqual([]);
  await page.context().close();
});

test("on a phone the terminal is one column with tabs for chart, book, trade and positions", async ({ browser }) => {
  test.slow();
  const page = await pageOfSize(browser, "phone");
  const problems = watchConsole(page);
  await page.goto("/markets/BTC-USD");
  await chartDrawn(page, "BTC-USD");
  const panels = page.getByRole("tablist", { name: "Terminal panels" });
  await screenshot(page, "market-phone-chart");
  await panels.getByRole("tab", { name: "Book" }).click();
  await expect(page.getByTestId("book-level").first()).toBeVisible();
  await screenshot(page, "market-phone-book");
  await panels.getByRole("tab", { name: "Trade" }).click();
  await expect(page.getByRole("link", { name: "Sign in to trade" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // Signed in: a trade from the ticket, then the position and every account tab within the screen.
  await signIn(page, "/trade?symbol=ETH-USD");
  await panels.getByRole("tab", { name: "Trade" }).click();
  const ticket = page.getByTestId("order-ticket");
  await ticket.getByLabel("Size (ETH)").fill("0.1");
  // As a trader does: the route and its cost are on screen before the order goes.
  await expect(ticket.getByTestId("preview-leg").first()).toBeVisible();
  await ticket.getByRole("button", { name: "Buy ETH" }).click();
  await expect(ticket.getByTestId("order-result")).toHaveAttribute("data-status", "FILLED", { timeout: 20_000 });
  await screenshot(page, "trade-phone-ticket");
  await panels.getByRole("tab", { name: "Positions" }).click();
  await expect(page.locator('[data-testid=position][data-symbol="ETH-USD"]')).toBeVisible();
  // Hidden columns are one tap away, and Close stays on screen.
  const leg = page.getByTestId("position-leg").first();
  await leg.getByRole("button", { name: /^Details of/ }).click();
  await expect(page.getByTestId("row-detail").first()).toContainText("Entry");
  await expect(leg.getByRole("button", { name: /^Close/ })).toBeInViewport();
  await everyAccountTabFits(page, "trade-phone");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // The keys page on a phone: the table fits, each key's actions on screen.
  await page.goto("/keys");
  const desk = page.getByTestId("agent-key").first();
  await expect(desk.getByRole("button", { name: "Revoke" })).toBeInViewport();
  expect(await tablesWiderThanTheirFrame(page)).toEqual([]);
  await screenshot(page, "keys-phone");
  expect(problems).toEqual([]);

  const missing = await page.goto("/markets/FOO-USD");
  expect(missing?.status()).toBe(404);
  await screenshot(page, "not-found-phone");
  await page.context().close();
});

test("an order an agent key places through the API shows that key's name, on a desktop and on a phone", async ({ browser }) => {
  test.slow();
  const owner = generatePrivateKey();
  const page = await pageOfSize(browser, "desktop");
  const problems = watchConsole(page);
  await signIn(page, "/keys", owner);
  await page.getByRole("button", { name: "Mint key" }).first().click();
  const mint = page.getByRole("dialog");
  await mint.getByLabel("Name").fill("e2e-momentum");
  await mint.getByRole("radio", { name: "Full trading" }).check();
  await mint.getByRole("button", { name: "Create key" }).click();
  const key = await mint.getByRole("textbox", { name: "Secret key" }).inputValue();
  await mint.getByRole("checkbox", { name: "I have stored this key" }).check();
  await mint.getByRole("button", { name: "Done" }).click();

  const placed = await page.request.post("/api/agent/orders", {
    headers: { authorization: `Bearer ${key}` },
    data: { symbol: "ETH-USD", side: "BUY", type: "MARKET", quantity: "0.1" },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  expect(await placed.json()).toMatchObject({ data: { keyName: "e2e-momentum", status: "FILLED" } });

  // The keys panel counts its order, and its request once the server has added its counts (every 5 s).
  const keyRow = page.getByRole("row", { name: /e2e-momentum/ });
  await expect(async () => {
    await page.reload();
    await expect(keyRow.getByTestId("key-requests")).toHaveText("1", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(keyRow.getByTestId("key-orders")).toContainText(/^1 · /);

  // The terminal names it in the history and the fills, and filters by it.
  await page.goto("/trade?symbol=ETH-USD");
  const tabs = page.getByTestId("account-tabs");
  await selectTab(tabs.getByRole("tab", { name: "Order history" }));
  const history = page.getByRole("tabpanel", { name: "Order history" });
  // The owner's first visit to the desk mints its desk key before the history's first read: on a loaded machine that took over 5 s.
  await expect(history.getByTestId("order-key").first()).toHaveText("e2e-momentum", { timeout: 15_000 });
  await tabs.getByLabel("Placed by").selectOption({ label: "e2e-momentum" });
  await expect(history.getByTestId("history-order")).toHaveCount(1);
  await tabs.getByRole("tab", { name: "Fills" }).click();
  await expect(page.getByRole("tabpanel", { name: "Fills" }).getByTestId("order-key").first()).toHaveText("e2e-momentum");
  await tabs.getByRole("tab", { name: "Positions" }).click();
  await expect(page.locator('[data-testid=position][data-symbol="ETH-USD"]')).toBeVisible();
  await screenshot(page, "trade-desktop-agent-key");
  expect(problems).toEqual([]);
  await page.context().close();

  // On a phone the key is in the row's details.
  const phone = await pageOfSize(browser, "phone");
  await signIn(phone, "/trade?symbol=ETH-USD", owner);
  await selectTab(phone.getByRole("tablist", { name: "Terminal panels" }).getByRole("tab", { name: "Positions" }));
  await selectTab(phone.getByTestId("account-tabs").getByRole("tab", { name: "Order history" }));
  const row = phone.getByRole("tabpanel", { name: "Order history" }).getByTestId("history-order").first();
  await row.getByRole("button", { name: /^Details of/ }).click();
  await expect(phone.getByTestId("row-detail").first()).toContainText("e2e-momentum");
  await screenshot(phone, "trade-phone-agent-key");
  await phone.context().close();
});

/** The dashboard's pages, signed in. */
const DASHBOARD_PAGES = [
  ["home", "/"],
  ["market", "/markets/BTC-USD"],
  ["trade", "/trade"],
  ["keys", "/keys"],
  ["settings", "/settings"],
  ["swap", "/swap"],
  ["search", "/search"],
  ["reference", "/reference"],
] as const;

for (const size of ["desktop", "phone"] as const) {
  test(`no table is wider than its card on any dashboard page (${size})`, async ({ browser }) => {
    test.slow();
    const page = await pageOfSize(browser, size);
    await signIn(page, "/keys");
    for (const [name, path] of DASHBOARD_PAGES) {
      await page.goto(path);
      // The pages hold streams open, so the network never idles: their reads get a moment instead.
      await page.waitForLoadState("load");
      await page.waitForTimeout(1_500);
      await expect(page.locator("[aria-label^=Loading]")).toHaveCount(0, { timeout: 15_000 });
      expect(await tablesWiderThanTheirFrame(page), path).toEqual([]);
      if (size === "phone") expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
      await screenshot(page, `page-${name}-${size}`);
    }
    await page.context().close();
  });
}
