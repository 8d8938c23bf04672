import { expect, type Page, test } from "@playwright/test";
import { watchConsole } from "./console";
import { pageOfSize, pageWiderThanScreen, screenshot, type Size, tablesWiderThanTheirFrame } from "./layout";

// The API reference at 1440×900 and 390×844: operations folded and found by a search, samples in
// curl and TypeScript with the owner's chosen key, try-it answering from this deployment, and the
// "On this page" mark following the scroll. Screenshots go to .test-output/screens/.

async function openOperation(page: Page, find: string, name: RegExp) {
  await page.getByLabel("Find an operation").fill(find);
  const op = page.locator("details").filter({ has: page.locator("summary", { hasText: name }) });
  await expect(op).toHaveCount(1);
  await op.locator(":scope > summary").click();
  return op;
}

test("desktop: find an operation, read its samples, send it and get a 200; the section mark follows the scroll", async ({ browser }) => {
  test.slow();
  const page = await pageOfSize(browser, "desktop");
  const problems = watchConsole(page);
  await page.goto("/reference/trading");
  await expect(page.getByRole("heading", { name: "Trading API reference" })).toBeVisible();
  // Folded, the page is a few screens long, not tens of thousands of pixels.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(12_000);
  await screenshot(page, "reference-desktop");

  // The search narrows the operations.
  const all = await page.locator("#endpoints details").count();
  const op = await openOperation(page, "token-pairs", /\/token-pairs/);
  expect(all).toBeGreaterThan(10);
  await expect(page.getByText("1 operation matches.")).toBeVisible();

  // Samples: curl by default, TypeScript on request; no key chosen, so no Authorization header.
  await expect(op.getByTestId("sample-curl")).toContainText(/curl -X GET http:\/\/localhost:\d+\/api\/token-pairs/);
  await expect(op.getByTestId("sample-curl")).not.toContainText("Authorization");
  await op.getByRole("radio", { name: "TypeScript" }).click();
  await expect(op.getByTestId("sample-ts")).toContainText('const res = await fetch("http://localhost');

  // Try it: a real answer from this deployment.
  await op.getByRole("button", { name: "Send request" }).click();
  const response = op.getByRole("region", { name: "Response" });
  await expect(response.getByText("200", { exact: true })).toBeVisible();
  await response.getByText(/^Headers/).click();
  await expect(response.getByText("content-type", { exact: true })).toBeVisible();
  await expect(response.getByTestId("try-it-body")).toContainText("{");
  await screenshot(page, "reference-try-it-desktop");

  // Parameter descriptions are not repeated under their type.
  await page.getByLabel("Find an operation").fill("candles");
  const candles = page.locator("details:has(> summary span.font-mono:text-is('/aggregated/candles'))");
  await candles.locator(":scope > summary").click();
  const params = candles.getByRole("table", { name: /Parameters of/ });
  const cells = params.locator("tbody tr td:last-child");
  await expect(cells.first()).toContainText("Market symbol");
  for (const cell of await cells.all()) {
    const paragraphs = await cell.locator("p").allInnerTexts();
    expect(new Set(paragraphs).size).toBe(paragraphs.length);
  }
  await page.getByLabel("Find an operation").fill("");
  await expect(page.locator("#endpoints details")).toHaveCount(all);

  // The section mark follows the scroll.
  const toc = page.getByRole("navigation", { name: "On this page" });
  await page.evaluate(() => document.getElementById("schemas")!.scrollIntoView());
  await expect(toc.getByRole("link", { name: "Schemas" })).toHaveAttribute("aria-current", "location");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(toc.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "location");

  // A link to an error code (documentation_url of search errors) lands on it.
  await page.goto("/reference/search#error-RATE_LIMITED");
  await expect(page.locator("#error-RATE_LIMITED")).toBeInViewport();

  expect(await tablesWiderThanTheirFrame(page)).toEqual([]);
  expect(await pageWiderThanScreen(page)).toBe(false);
  expect(problems).toEqual([]);
});

test("desktop: a signed-in owner's search key fills the samples when shown, and try-it validates it", async ({ browser }) => {
  test.slow();
  const page = await pageOfSize(browser, "desktop");
  const problems = watchConsole(page);
  await page.goto("/sign-in?next=%2Fsearch");
  await page.getByRole("button", { name: "New here? Create an account" }).click();
  await page.getByLabel("Email").fill(`reader-${Date.now()}@example.test`);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/search$/);
  await page.getByRole("button", { name: "Mint key" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("reference key");
  await dialog.getByRole("button", { name: "Create key" }).click();
  const secret = await dialog.getByRole("textbox", { name: "Secret key" }).inputValue();
  await dialog.getByRole("checkbox", { name: "I have stored this key" }).check();
  await dialog.getByRole("button", { name: "Done" }).click();

  await page.goto("/reference/search");
  const option = await page.locator("option", { hasText: "reference key" }).getAttribute("value");
  await page.getByLabel("Key for samples and try-it").selectOption(option!);
  const op = await openOperation(page, "validate", /\/v1\/validate/);
  // Masked by default; shown on request.
  await expect(op.getByTestId("sample-curl")).toContainText('-H "Authorization: Bearer $BOURSE_KEY"');
  await page.getByRole("checkbox", { name: "Show the key in samples" }).check();
  await expect(op.getByTestId("sample-curl")).toContainText(`Bearer ${secret}`);
  await page.getByRole("checkbox", { name: "Show the key in samples" }).uncheck();
  await expect(op.getByTestId("sample-curl")).not.toContainText(secret);

  await op.getByRole("button", { name: "Send request" }).click();
  const response = op.getByRole("region", { name: "Response" });
  await expect(response.getByText("200", { exact: true })).toBeVisible();
  await expect(response.getByTestId("try-it-body")).toContainText('"valid": true');
  await screenshot(page, "reference-search-desktop");
  expect(problems).toEqual([]);
});

for (const size of ["phone"] as Size[]) {
  test(`${size}: the reference reads on a small screen`, async ({ browser }) => {
    const page = await pageOfSize(browser, size);
    const problems = watchConsole(page);
    await page.goto("/reference/trading");
    await screenshot(page, `reference-${size}`);
    const op = await openOperation(page, "orders preview", /\/agent\/orders\/preview/);
    await expect(op.getByTestId("sample-curl")).toContainText("/api/agent/orders/preview");
    await op.getByRole("button", { name: "Send request" }).click();
    // No key chosen: this operation needs one, and says so.
    await expect(op.getByRole("region", { name: "Response" }).getByText("401", { exact: true })).toBeVisible();
    await op.scrollIntoViewIfNeeded();
    await screenshot(page, `reference-operation-${size}`);
    expect(await tablesWiderThanTheirFrame(page)).toEqual([]);
    expect(await pageWiderThanScreen(page)).toBe(false);
    // The browser logs the 401 it was asked to fetch; nothing else.
    expect(problems.filter((p) => !p.includes("status of 401"))).toEqual([]);
  });
}
