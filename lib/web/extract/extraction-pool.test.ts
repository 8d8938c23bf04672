import { afterEach, describe, expect, it } from "vitest";
import type { ExtractJob } from "./extract-job";
import { createExtractionPool, ExtractionFailure, ExtractionTimeout, type PageExtractor } from "./extraction-pool";
import type { PageWants } from "./page";

const TEXT: PageWants = { title: true, text: true, links: true, images: false, metadata: true, contacts: false, social: false, followLinks: false };
const story = `<html><head><title>Harbour news</title></head><body><article><h1>Harbour news</h1>
  <p>The harbour opened a new quay this week, with room for two more ferries, and the town is pleased.</p>
  <p>Work on the breakwater goes on through the winter, weather allowing, and ends in spring.</p>
  <a href="/more">More</a></article></body></html>`;
const job = (text: string): ExtractJob => ({ kind: "html", text, url: "https://news.example/harbour", wants: TEXT });
/** Nests deep enough that reading it takes far longer than the short limits below. */
const hostile = `<html><body>${"<div><span>x</span>".repeat(300_000)}</body></html>`;

let pool: PageExtractor | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe("extraction pool", () => {
  it("reads pages on worker threads as the calling thread reads them", async () => {
    pool = createExtractionPool({ threads: 2, timeoutMs: 20_000, maxHeapMb: 256 });
    const pages = await Promise.all([1, 2, 3].map(() => pool!.extract(job(story))));
    for (const page of pages) {
      expect(page.title).toBe("Harbour news");
      expect(page.text).toContain("new quay this week");
      expect(page.links.map((l) => l.url)).toContain("https://news.example/more");
      expect(page.metadata?.openGraph).toEqual({});
    }
  });

  it("ends a page that outlasts its time, and goes on reading the next ones on a new thread", async () => {
    pool = createExtractionPool({ threads: 1, timeoutMs: 300, maxHeapMb: 256 });
    const slow = pool.extract(job(hostile));
    const next = pool.extract(job(story));
    await expect(slow).rejects.toBeInstanceOf(ExtractionTimeout);
    expect((await next).text).toContain("new quay this week");
  });

  it("keeps the event loop free while a page is read", async () => {
    pool = createExtractionPool({ threads: 1, timeoutMs: 300, maxHeapMb: 256 });
    let settled = false;
    const slow = pool.extract(job(hostile)).catch((e: unknown) => e);
    void slow.finally(() => {
      settled = true;
    });
    // Timers keep firing on this thread meanwhile: 10 ticks of 10 ms inside the page's 300 ms.
    let ticks = 0;
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (++ticks === 10) {
          clearInterval(timer);
          resolve();
        }
      }, 10);
    });
    expect(settled).toBe(false);
    expect(await slow).toBeInstanceOf(ExtractionTimeout);
  });

  it("takes a waiting page out of the queue when its request goes away", async () => {
    pool = createExtractionPool({ threads: 1, timeoutMs: 300, maxHeapMb: 256 });
    const busy = pool.extract(job(hostile)).catch(() => undefined);
    const gone = new AbortController();
    const waiting = pool.extract(job(story), gone.signal);
    gone.abort(new Error("client went away"));
    await expect(waiting).rejects.toThrow("client went away");
    await busy;
  });

  it("fails a page whose thread runs out of memory, alone", async () => {
    pool = createExtractionPool({ threads: 1, timeoutMs: 60_000, maxHeapMb: 16 });
    await expect(pool.extract(job(`<html><body>${"<p>word word word word</p>".repeat(400_000)}</body></html>`))).rejects.toBeInstanceOf(ExtractionFailure);
    expect((await pool.extract(job(story))).text).toContain("new quay this week");
  });

  it("fails waiting pages, rather than waiting for ever, when no thread can start", async () => {
    pool = createExtractionPool({ threads: 2, timeoutMs: 1_000, maxHeapMb: 64, worker: { source: "throw new Error('entry missing')", eval: true } });
    const pages = [pool.extract(job(story)), pool.extract(job(story)), pool.extract(job(story))];
    for (const page of pages) await expect(page).rejects.toBeInstanceOf(ExtractionFailure);
  });

  it("refuses pages once closed", async () => {
    pool = createExtractionPool({ threads: 1, timeoutMs: 1_000, maxHeapMb: 64 });
    await pool.close();
    await expect(pool.extract(job(story))).rejects.toBeInstanceOf(ExtractionFailure);
  });
});
