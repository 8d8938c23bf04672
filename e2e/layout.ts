import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";

// Page sizes the dashboard is checked at, screenshots, and layout checks from element boxes.

export const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
export type Size = keyof typeof SIZES;

const SCREENS = path.join(process.cwd(), ".test-output", "screens");

export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  fs.mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage });
}

/** A page in a context of that size; clipboard allowed, for the copy buttons. */
export async function pageOfSize(browser: Browser, size: Size): Promise<Page> {
  const context = await browser.newContext(size === "desktop" ? { viewport: SIZES.desktop } : { viewport: SIZES.phone, isMobile: true, hasTouch: true });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  return context.newPage();
}

/** Shown tables wider than the frame that holds them, or reaching past the screen: "label: 820 px in 686 px". */
export function tablesWiderThanTheirFrame(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll("table"))
      .filter((table) => table.getClientRects().length > 0)
      .flatMap((table) => {
        const frame = table.parentElement!.getBoundingClientRect();
        const box = table.getBoundingClientRect();
        return box.width > frame.width + 0.5 || frame.right > window.innerWidth + 0.5
          ? [`${table.getAttribute("aria-label") ?? "table"}: ${Math.round(box.width)} px in ${Math.round(frame.width)} px`]
          : [];
      }),
  );
}

/** Whether the page scrolls sideways. */
export const pageWiderThanScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
