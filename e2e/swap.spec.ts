import { expect, test } from "@playwright/test";
import { watchConsole } from "./console";
import { injectTestWallet, signInWithWallet } from "./wallet";

test("connect a wallet, quote a cross-chain swap, approve and sign in the page, and see it reach DONE", async ({ page, request }) => {
  test.slow();
  const problems = watchConsole(page);
  const listed = (await (await request.get("/api/swap/chains")).json()) as { data: { available: boolean } };
  expect(listed.data.available).toBe(true);
  // The API does not publish RPC URLs; playwright.config.ts runs the chains on these ports.
  const rpc = { 31337: `http://127.0.0.1:${process.env.BOURSE_E2E_ANVIL_PORT_A}`, 31338: `http://127.0.0.1:${process.env.BOURSE_E2E_ANVIL_PORT_B}` };
  // The wallet starts on the destination chain, so signing must first switch it to the source chain.
  const wallet = await injectTestWallet(page, 31338, undefined, rpc);

  await page.goto("/swap");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fswap/);
  await signInWithWallet(page, "/swap");

  const connect = page.getByRole("button", { name: "Connect wallet" });
  if (await connect.isVisible()) await connect.click();
  await expect(page.getByTestId("wallet-address")).toHaveText(wallet.address);

  await page.getByRole("button", { name: "Get test tokens" }).click();
  await expect(page.getByText("Test tokens and gas sent on every local chain.")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("from-balance")).toHaveText("Balance: 25,000 USDC");

  // From USDC on chain A to WETH on chain B (the defaults), 250 USDC.
  await expect(page.getByLabel("From chain")).toHaveValue("31337");
  await expect(page.getByLabel("To chain")).toHaveValue("31338");
  await page.getByLabel("Amount (USDC)").fill("250");
  await expect(page.getByText("Minimum received")).toBeVisible();
  await expect(page.getByTestId("minimum-received")).toContainText("WETH");
  await expect(page.getByTestId("to-balance")).toHaveText("Balance: 5 WETH");

  await page.getByRole("button", { name: "Sign with wallet" }).click();
  const progress = page.getByRole("region", { name: "Swap progress" });
  await expect(progress.getByText(/Approve exactly 250 USDC/)).toBeVisible();
  await expect(page.getByTestId("swap-status")).toContainText("DONE", { timeout: 60_000 });
  await expect(page.getByTestId("swap-status")).toContainText("Completed");
  await expect(page.getByTestId("swap-received")).toContainText(/Received [\d.]+ WETH on Bourse Local B/);
  expect(
    await page.evaluate(() =>
      (window as unknown as { ethereum: { request(a: { method: string }): Promise<string> } }).ethereum.request({ method: "eth_chainId" }),
    ),
  ).toBe("0x7a69");

  // The balances follow: 250 USDC fewer on A, more WETH on B.
  await expect(page.getByTestId("from-balance")).toHaveText("Balance: 24,750 USDC");
  await expect(page.getByTestId("to-balance")).not.toHaveText("Balance: 5 WETH");
  await expect(page.getByTestId("to-balance")).toHaveText(/Balance: 5\.0\d+ WETH/);
  await expect(page.getByTestId("swap-history-item").first()).toContainText("DONE");

  expect(problems).toEqual([]);
});

test("execute with the desk key, and confirm a severe price impact by typing", async ({ page }) => {
  test.slow();
  const problems = watchConsole(page);
  await injectTestWallet(page);
  await signInWithWallet(page, "/swap");

  await page.getByRole("radio", { name: "Desk wallet" }).check();
  await expect(page.getByTestId("desk-address")).toHaveText(/^0x[0-9a-fA-F]{40}$/);
  await page.getByRole("button", { name: "Get test tokens" }).click();
  await expect(page.getByTestId("from-balance")).toHaveText("Balance: 25,000 USDC", { timeout: 30_000 });

  // 150,000 USDC against pools $1,000,000 deep: a price impact above 10% needs the typed word.
  await page.getByLabel("Amount (USDC)").fill("150000");
  await expect(page.getByRole("alert").filter({ hasText: "Price impact above 10%" })).toBeVisible();
  const execute = page.getByRole("button", { name: "Execute with the desk key" });
  await expect(execute).toBeDisabled();
  await page.getByLabel(/to accept the price impact/).fill("confirm");
  await expect(execute).toBeEnabled();

  await page.getByLabel("Amount (USDC)").fill("100");
  await expect(page.getByText(/Price impact above/)).toHaveCount(0);
  await expect(page.getByTestId("minimum-received")).toContainText("WETH");
  await execute.click();
  await expect(page.getByTestId("swap-status")).toContainText("DONE", { timeout: 60_000 });
  await expect(page.getByTestId("from-balance")).toHaveText("Balance: 24,900 USDC");
  await expect(page.getByTestId("swap-history-item").first()).toContainText("desk key");
  expect(problems).toEqual([]);
});
