import { expect, test } from "@playwright/test";
import { watchConsole } from "./console";
import { injectTestWallet, signInWithWallet } from "./wallet";

test("sign in with Ethereum, mint a key, see it once, revoke it, and see it refused", async ({ page, context, request }) => {
  const problems = watchConsole(page);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const wallet = await injectTestWallet(page);

  await page.goto("/keys");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fkeys/);
  await signInWithWallet(page, "/keys");
  await expect(page.getByText(`${wallet.address.toLowerCase().slice(0, 6)}…`)).toBeVisible();

  await page.getByRole("button", { name: "Mint key" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("e2e agent");
  await dialog.getByRole("radio", { name: "Full trading" }).check();
  await dialog.getByRole("button", { name: "Create key" }).click();

  const secret = dialog.getByRole("textbox", { name: "Secret key" });
  await expect(secret).toHaveValue(/^bourse_sk_live_[0-9A-Za-z]{39}$/);
  const key = await secret.inputValue();
  await dialog.getByRole("button", { name: "Copy" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await expect(dialog.getByRole("button", { name: "Done" })).toBeDisabled();
  await dialog.getByRole("checkbox", { name: "I have stored this key" }).check();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();

  // Listed by its fragment only; the secret is gone from the page.
  const row = page.getByRole("row", { name: /e2e agent/ });
  await expect(row).toContainText(`bourse_sk_live_…${key.slice(-4)}`);
  expect(await page.content()).not.toContain(key);

  // Its own limits: checked per field, saved, and shown again when reopened.
  await row.getByRole("button", { name: "Limits" }).click();
  const limits = page.getByRole("dialog", { name: "Limits for ‘e2e agent’" });
  const maxOrder = limits.getByLabel("Max order notional");
  await expect(maxOrder).toHaveValue("");
  await maxOrder.fill("-5");
  await limits.getByRole("button", { name: "Save limits" }).click();
  await expect(limits.getByText(/Enter US dollars/)).toBeVisible();
  await expect(maxOrder).toBeFocused();
  await maxOrder.fill("250");
  await limits.getByRole("button", { name: "Save limits" }).click();
  await expect(limits).toBeHidden();
  await row.getByRole("button", { name: "Limits (1 set)" }).click();
  await expect(page.getByRole("dialog").getByLabel("Max order notional")).toHaveValue("250");
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();

  // The key works for an agent...
  const before = await request.get("/api/agent/positions", { headers: { authorization: `Bearer ${key}` } });
  expect(before.status()).toBe(200);

  // ...until it is revoked.
  await row.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByRole("row", { name: /e2e agent/ })).toContainText(/revoked/i);
  const after = await request.get("/api/agent/positions", { headers: { authorization: `Bearer ${key}` } });
  expect(after.status()).toBe(401);
  expect(await after.json()).toMatchObject({ success: false, code: "UNAUTHORIZED" });

  expect(problems).toEqual([]);
});

test("email sign-up and sign-in reach the keys panel, and sign-out leaves it", async ({ page }) => {
  const problems = watchConsole(page);
  const email = `owner-${Date.now()}@example.test`;
  // The server's HTML sends the form's fields and button disabled: sent before the script runs, the
  // browser would put the password in the address.
  const served = await (await page.request.get("/sign-in")).text();
  expect(served).toMatch(/<form[^>]*><fieldset disabled=""(?:(?!<\/form>)[\s\S])*type="submit"[^>]*>Sign in<\/button>/);
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "New here? Create an account" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.locator("form").getByRole("alert")).toContainText(/at least 10 characters/);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/keys$/);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a wrong password!");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.locator("form").getByRole("alert")).toContainText("Wrong email or password.");
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/keys$/);
  expect(problems.filter((p) => !/401|Unauthorized/.test(p))).toEqual([]);
});
