import { expect, test, type Page } from "@playwright/test";
import { HYPERLIQUID_DEMO } from "../lib/venues/fakes/demo-accounts";
import { watchConsole } from "./console";
import { injectTestWallet, signInWithWallet } from "./wallet";

// A real venue beside the simulated ones: the server runs with a fake Hyperliquid (playwright.config.ts). An owner
// links the fake's demo account in Settings, trades on it from the desk, and removes it.

async function signIn(page: Page, path: string): Promise<void> {
  await injectTestWallet(page);
  await signInWithWallet(page, path);
}

const hyperliquidRow = (page: Page) => page.locator('[data-testid=venue-account][data-venue="hyperliquid"]');

test("link a Hyperliquid account in Settings, trade on it from the desk, remove it", async ({ page }) => {
  test.slow();
  const problems = watchConsole(page);
  await signIn(page, "/settings");

  // Linking: checked with the venue (its balance read) before it is stored.
  const row = hyperliquidRow(page);
  await expect(row).toHaveAttribute("data-linked", "false");
  await expect(row).toContainText("Not linked");
  await row.getByRole("button", { name: "Link account" }).click();
  const form = row.getByRole("form", { name: "Link your Hyperliquid account" });
  await form.getByLabel("Main account address").fill(HYPERLIQUID_DEMO.address);
  await form.getByLabel("API wallet private key").fill(HYPERLIQUID_DEMO.agentPrivateKey);
  await form.getByRole("button", { name: "Check and link" }).click();
  await expect(row.getByRole("status")).toHaveText(/Hyperliquid accepted the account: equity \$100,000\.00\./, { timeout: 20_000 });
  await expect(row).toHaveAttribute("data-linked", "true");
  await expect(row).toContainText("Linked");
  await expect(row.getByTestId("venue-account-identifier")).toHaveText(HYPERLIQUID_DEMO.address);
  // The key is never shown again: only its masked form.
  await expect(row).not.toContainText(HYPERLIQUID_DEMO.agentPrivateKey.slice(2, 20));

  // Trading on it from the desk: a market order sent to Hyperliquid fills there.
  await page.goto("/trade?symbol=BTC-USD");
  const ticket = page.getByTestId("order-ticket");
  await ticket.getByRole("radio", { name: "Buy" }).check();
  await ticket.getByLabel("Venue").selectOption("hyperliquid");
  await ticket.getByLabel("Size (BTC)").fill("0.01");
  await ticket.getByRole("button", { name: "Buy BTC" }).click();
  const result = ticket.getByTestId("order-result");
  await expect(result).toHaveAttribute("data-status", "FILLED", { timeout: 20_000 });
  await expect(result.getByTestId("order-child")).toHaveAttribute("data-venue", "hyperliquid");
  await expect(result.getByTestId("order-outcome")).toContainText("Filled 0.01 of 0.01 BTC-USD");
  await page.getByTestId("account-tabs").getByRole("tab", { name: "Positions", exact: true }).click();
  const positions = page.getByRole("tabpanel", { name: "Positions" });
  await expect(positions.locator('[data-testid=position-leg][data-symbol="BTC-USD"][data-venue="hyperliquid"]')).toHaveCount(1, { timeout: 20_000 });

  // Removing it: the credentials are forgotten, the venue is "Not linked" again.
  await page.goto("/settings");
  await hyperliquidRow(page).getByRole("button", { name: "Remove your Hyperliquid account" }).click();
  const confirm = page.getByRole("dialog", { name: "Remove your Hyperliquid account?" });
  await confirm.getByRole("button", { name: "Remove account" }).click();
  await expect(confirm).toBeHidden({ timeout: 20_000 });
  await expect(hyperliquidRow(page)).toHaveAttribute("data-linked", "false");
  await expect(hyperliquidRow(page)).toContainText("Not linked");
  expect(problems).toEqual([]);
});
