import { expect, type Page } from "@playwright/test";

/**
 * Waits until the candle chart has drawn the symbol's bars at the interval. The chart loads its library
 * after the page hydrates, then its candles: on a shared machine a first load can take 20 s.
 */
export async function chartDrawn(page: Page, symbol: string, interval = "1m"): Promise<void> {
  await expect(page.getByTestId("candle-chart")).toHaveAttribute("data-drawn", new RegExp(`^${symbol} ${interval} [1-9]`), { timeout: 30_000 });
}
