import { expect, test, type Page } from "@playwright/test";
import { watchConsole } from "./console";
import { chartDrawn } from "./chart";
import { injectTestWallet, signInWithWallet } from "./wallet";

// The trade desk against the simulated venues the server runs. A fresh wallet is a fresh owner with
// paper balances on every venue.

async function signInToDesk(page: Page, symbol: string): Promise<void> {
  await injectTestWallet(page);
  await signInWithWallet(page, `/trade?symbol=${symbol}`);
}

/** One of the desk's account tabs, opened. */
async function accountTab(page: Page, name: string) {
  await page.getByTestId("account-tabs").getByRole("tab", { name, exact: true }).click();
  return page.getByRole("tabpanel", { name });
}

test("a smart-routed market order fills on its venues, shows its legs, and closes in part then whole", async ({ page }) => {
  test.slow();
  const problems = watchConsole(page);
  await signInToDesk(page, "BTC-USD");

  const ticket = page.getByTestId("order-ticket");
  await ticket.getByRole("radio", { name: "Buy" }).check();
  await expect(ticket.getByLabel("Order type")).toHaveValue("MARKET");
  await expect(ticket.getByLabel("Venue")).toHaveValue("");
  await ticket.getByLabel("Size (BTC)").fill("0.5");

  // Before sending: where it would go and what it would cost.
  const preview = ticket.getByTestId("routing-preview");
  await expect(preview.getByTestId("preview-leg").first()).toBeVisible();
  await expect(preview.getByTestId("estimated-fees")).toHaveText(/^\$\d[\d,]*\.\d{2}$/);

  // About $32,000: large enough to be confirmed first.
  await ticket.getByRole("button", { name: "Buy BTC" }).click();
  const confirm = page.getByRole("dialog", { name: "Send a large order?" });
  await expect(confirm).toContainText("Buy 0.5 BTC (market)");
  await confirm.getByRole("button", { name: "Send order" }).click();

  const result = ticket.getByTestId("order-result");
  await expect(result).toHaveAttribute("data-status", "FILLED", { timeout: 20_000 });
  await expect(result.getByTestId("order-outcome")).toContainText(/fill/i);
  const childVenues = await result.getByTestId("order-child").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-venue")!).sort());
  expect(childVenues.length).toBeGreaterThan(0);

  // The position, with one leg per venue the order filled on.
  const positions = await accountTab(page, "Positions");
  const position = positions.locator('[data-testid=position][data-symbol="BTC-USD"]');
  await expect(position.getByTestId("position-size")).toHaveText("0.5000");
  await expect(position).toHaveAttribute("data-side", "LONG");
  await expect
    .poll(async () =>
      (
        await positions.locator('[data-testid=position-leg][data-symbol="BTC-USD"]').evaluateAll((rows) => rows.map((r) => r.getAttribute("data-venue")!))
      ).sort(),
    )
    .toEqual(childVenues);

  // Close part of it...
  await position.getByRole("button", { name: "Close…" }).click();
  let dialog = page.getByRole("dialog", { name: "Close BTC-USD" });
  await dialog.getByLabel("Size to close (BTC)").fill("0.2");
  await dialog.getByRole("button", { name: "Close part" }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(position.getByTestId("position-size")).toHaveText("0.3000");
  await expect(positions.getByTestId("order-result")).toHaveAttribute("data-status", "FILLED");

  // ...then the rest.
  await position.getByRole("button", { name: "Close…" }).click();
  dialog = page.getByRole("dialog", { name: "Close BTC-USD" });
  await expect(dialog.getByLabel("Size to close (BTC)")).toHaveValue("0.3");
  await dialog.getByRole("button", { name: "Close position" }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(position).toHaveCount(0);
  await expect(positions.getByText("No open positions")).toBeVisible();

  // An order sent elsewhere (the ticket on a market's page, in another tab) reaches the desk through its
  // account stream, well before the slow polling it keeps while the stream is live.
  await expect(page.getByTestId("desk-live")).toHaveAttribute("data-stream", "live");
  const elsewhere = await page.context().newPage();
  // The server's HTML sends the ticket's fields and button disabled: a click before the page's script runs
  // would be lost, a venue picked would not be in the order.
  const served = await (await elsewhere.request.get("/markets/ETH-USD")).text();
  expect(served).toMatch(/<form[^>]*><fieldset disabled=""(?:(?!<\/form>)[\s\S])*type="submit"[^>]*>Buy ETH<\/button>/);
  await elsewhere.goto("/markets/ETH-USD");
  // Interactive once the chart has drawn (the ticket is a client form).
  await chartDrawn(elsewhere, "ETH-USD");
  const otherTicket = elsewhere.getByTestId("order-ticket");
  await otherTicket.getByLabel("Size (ETH)").fill("0.1");
  await otherTicket.getByRole("button", { name: "Buy ETH" }).click();
  await expect(otherTicket.getByTestId("order-result")).toHaveAttribute("data-status", "FILLED", { timeout: 20_000 });
  await expect(positions.locator('[data-testid=position][data-symbol="ETH-USD"]')).toBeVisible({ timeout: 5_000 });
  await elsewhere.close();

  expect(problems).toEqual([]);
});

test("open a pair and close it; pull the kill switch and see a new order refused", async ({ page }) => {
  test.slow();
  const problems = watchConsole(page);
  await signInToDesk(page, "ETH-USD");

  const pairs = await accountTab(page, "Pairs");
  await pairs.getByLabel("Long").selectOption("ETH-USD");
  await pairs.getByLabel("Short").selectOption("BTC-USD");
  await pairs.getByLabel("Notional (USD)").fill("2000");
  await pairs.getByLabel("Leverage").fill("2");
  await pairs.getByRole("button", { name: "Open pair" }).click();
  await expect(pairs.getByTestId("pair-opened")).toContainText("long ETH-USD, short BTC-USD", { timeout: 20_000 });
  const pair = pairs.getByTestId("pair").first();
  await expect(pair).toHaveAttribute("data-status", "OPEN");
  await expect(pair).toContainText("Long ETH-USD");
  await expect(pair).toContainText("Short BTC-USD");
  await expect(pair.getByTestId("basket-pnl")).toHaveText(/^[+-]?\$\d[\d,]*\.\d{2}$/);
  await pair.getByRole("button", { name: "Close pair" }).click();
  await expect(pair).toHaveAttribute("data-status", "CLOSED", { timeout: 20_000 });
  await expect(pair).toContainText("exit");

  // The kill switch for every key stops the desk's own orders too.
  await accountTab(page, "Kill switch");
  const killSwitch = page.getByTestId("kill-switch");
  await killSwitch.getByRole("button", { name: "Stop every key" }).click();
  await expect(killSwitch).toHaveAttribute("data-engaged", "true");
  await expect(killSwitch.getByText("Engaged for every key")).toBeVisible();

  const ticket = page.getByTestId("order-ticket");
  await ticket.getByLabel("Size (ETH)").fill("0.1");
  await ticket.getByRole("button", { name: "Buy ETH" }).click();
  await expect(ticket.getByRole("alert")).toContainText("kill switch");
  await expect(ticket.getByTestId("order-result")).toHaveCount(0);

  // Released, orders go through again.
  await killSwitch.getByRole("button", { name: "Release the kill switch" }).click();
  await expect(killSwitch).toHaveAttribute("data-engaged", "false");
  await ticket.getByRole("button", { name: "Buy ETH" }).click();
  await expect(ticket.getByTestId("order-result")).toHaveAttribute("data-status", "FILLED", { timeout: 20_000 });

  expect(problems).toEqual([]);
});
