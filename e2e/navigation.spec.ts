import { expect, test } from "@playwright/test";
import { watchConsole } from "./console";

// Trade, Keys and Swap need a signed-in owner: a visitor lands on sign-in, sent back afterwards.
const ENTRIES = [
  { label: "Markets", path: "/" },
  { label: "Trade", path: "/trade", landsOn: "/sign-in" },
  { label: "Swap", path: "/swap", landsOn: "/sign-in" },
  { label: "Keys", path: "/keys", landsOn: "/sign-in" },
  { label: "Search", path: "/search" },
  { label: "API", path: "/reference/trading" },
];

test("every navigation entry opens without a console error", async ({ page }) => {
  // Twelve page loads: on a shared machine each may take several seconds.
  test.slow();
  const problems = watchConsole(page);
  const first = await page.goto("/");
  expect(first?.headers()["x-request-id"]).toBeTruthy();
  // Every page carries the content security policy; the page runs under it, and watchConsole reports any
  // violation (Chromium logs each as a console error), so the assertion below covers it.
  expect(first?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(first?.headers()["x-frame-options"]).toBe("DENY");
  const nav = page.getByRole("navigation", { name: /main/i });
  for (const entry of ENTRIES) {
    await nav.getByRole("link", { name: entry.label, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === (entry.landsOn ?? entry.path));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    if (!entry.landsOn) await expect(nav.getByRole("link", { name: entry.label, exact: true })).toHaveAttribute("aria-current", "page");
  }
  // Each entry loaded directly as well, not only through client navigation.
  for (const entry of ENTRIES) {
    await page.goto(entry.path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  expect(problems).toEqual([]);
});

test("the theme toggle switches to light and the choice survives a reload", async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto("/");
  const html = page.locator("html");
  await expect(html).toHaveClass(/dark/);
  await page.getByRole("button", { name: "Toggle theme" }).click();
  await expect(html).toHaveClass(/light/);
  await page.reload();
  await expect(html).toHaveClass(/light/);
  expect(problems).toEqual([]);
});

test("an unknown page shows the 404 page", async ({ page }) => {
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("link", { name: "Markets", exact: true })).toBeVisible();
});

test("the API reference renders both documents and links error codes", async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto("/reference/search");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Search API/);
  await expect(page.getByText("/health").first()).toBeVisible();
  await expect(page.locator("#error-INVALID_JSON")).toBeAttached();
  await page.goto("/reference/trading");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Trading API/);
  expect(problems).toEqual([]);
});
