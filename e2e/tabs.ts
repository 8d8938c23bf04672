import { expect, type Locator } from "@playwright/test";

/**
 * Selects a tab, clicking again until it says it is selected: a click that lands on a freshly loaded
 * page before React has hydrated it does nothing.
 */
export async function selectTab(tab: Locator): Promise<void> {
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute("aria-selected", "true", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}
