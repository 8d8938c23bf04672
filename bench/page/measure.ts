// One page in headless Chromium, each run in a fresh context (empty cache): the JavaScript it loads,
// gzipped, split into what the HTML itself loads (first-load) and everything fetched until the page
// settles (adds what is imported lazily after it is interactive); and its largest contentful paint.
import { gzipSync } from "node:zlib";
import type { Browser, Response } from "@playwright/test";

export interface RunFigures {
  firstLoadJsBytes: number;
  allJsBytes: number;
  lcpMs: number | null;
  /** What the largest contentful paint painted, e.g. `H1 "BTC-USD perpetual"`. */
  lcpElement: string;
}

/** Script URLs the HTML loads by itself. */
function scriptsOf(html: string, base: string): Set<string> {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(new URL(match[1]!.replaceAll("&amp;", "&"), base).href);
  return urls;
}

const LCP_SCRIPT = `new Promise((resolve) => {
  const done = (entry) => resolve(entry ? { ms: entry.startTime, element: entry.element ? entry.element.tagName + ' "' + (entry.element.textContent || "").trim().slice(0, 40) + '"' : "(gone)" } : null);
  new PerformanceObserver((list) => { const all = list.getEntries(); done(all[all.length - 1]); }).observe({ type: "largest-contentful-paint", buffered: true });
  setTimeout(() => done(null), 1000);
})`;

export async function measureRun(browser: Browser, url: string, settleMs: number): Promise<RunFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const scripts = new Map<string, Promise<number>>();
  page.on("response", (res: Response) => {
    if (res.request().resourceType() === "script")
      scripts.set(
        res.url(),
        res.body().then(
          (b) => gzipSync(b).length,
          () => 0,
        ),
      );
  });
  try {
    // The same HTML as the browser's, read apart: a streamed document's body is not always kept by the browser.
    const html = await (await fetch(url)).text();
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(settleMs);
    const lcp = (await page.evaluate(LCP_SCRIPT)) as { ms: number; element: string } | null;
    const initial = scriptsOf(html, url);
    let firstLoadJsBytes = 0;
    let allJsBytes = 0;
    for (const [scriptUrl, size] of scripts) {
      const bytes = await size;
      allJsBytes += bytes;
      if (initial.has(scriptUrl)) firstLoadJsBytes += bytes;
    }
    return { firstLoadJsBytes, allJsBytes, lcpMs: lcp?.ms ?? null, lcpElement: lcp?.element ?? "none" };
  } finally {
    await context.close();
  }
}
