import { chromium } from "@playwright/test";
import { number, table } from "../lib/report";
import { measureRun, type RunFigures } from "./measure";
import { productionBuildExists, startProductionServer } from "./production-server";
import { startStaticPeer } from "./static-peer";

const KB = 1024;
const TARGET_FIRST_LOAD_KB = 250;
const TARGET_LCP_MS = 1000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The symbol page's first-load JavaScript (gzip) and largest contentful paint in headless Chromium against
 * the production build, beside the app's shell alone (the 404 page: header, navigation, no data) and a
 * bare static HTML page served by node:http (the floor).
 */
export async function page(runs = Number(process.env.BENCH_PAGE_RUNS ?? 5)): Promise<void> {
  console.log(`\n## page: /markets/BTC-USD in headless Chromium against the production build, ${runs} cold runs each (median)`);
  if (!productionBuildExists()) {
    console.log("skipped: no production build (run `npm run build` first)");
    return;
  }
  const executablePath = process.env.BOURSE_CHROMIUM ?? "/usr/bin/chromium";
  const browser = await chromium.launch({
    executablePath,
    args: ["--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const server = await startProductionServer();
  const peer = await startStaticPeer();
  try {
    const pages = [
      { name: "symbol page /markets/BTC-USD", url: `${server.url}/markets/BTC-USD`, settleMs: 2_000 },
      { name: "app shell alone (404 page)", url: `${server.url}/no-such-page`, settleMs: 1_000 },
      { name: "bare static HTML (node:http)", url: peer.url, settleMs: 500 },
    ];
    for (const p of pages) await measureRun(browser, p.url, p.settleMs); // warm-up: the server's first render of each page
    const results: { name: string; runs: RunFigures[] }[] = [];
    for (const p of pages) {
      const figures: RunFigures[] = [];
      for (let i = 0; i < runs; i++) figures.push(await measureRun(browser, p.url, p.settleMs));
      results.push({ name: p.name, runs: figures });
    }
    const rows = results.map(({ name, runs: r }) => {
      const lcps = r.flatMap((x) => (x.lcpMs === null ? [] : [x.lcpMs]));
      return {
        name,
        firstLoadKb: median(r.map((x) => x.firstLoadJsBytes)) / KB,
        allKb: median(r.map((x) => x.allJsBytes)) / KB,
        lcpMs: lcps.length ? median(lcps) : NaN,
        lcpMax: lcps.length ? Math.max(...lcps) : NaN,
        element: r.at(-1)!.lcpElement,
      };
    });
    table([
      ["page", "first-load JS KB gz", "all JS KB gz", "LCP ms (median)", "LCP ms (max)", "LCP element"],
      ...rows.map((r) => [r.name, number(r.firstLoadKb), number(r.allKb), number(r.lcpMs), number(r.lcpMax), r.element]),
    ]);
    const [symbol, shell, bare] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
    console.log(
      `symbol page first-load JS: ${number(symbol.firstLoadKb)} KB gzip (target ≤ ${TARGET_FIRST_LOAD_KB}); of which the shared shell: ${number(shell.firstLoadKb)} KB, the page's own: ${number(symbol.firstLoadKb - shell.firstLoadKb)} KB; imported after it is interactive (the chart library): ${number(symbol.allKb - symbol.firstLoadKb)} KB`,
    );
    console.log(
      `symbol page LCP: ${number(symbol.lcpMs)} ms (target < ${TARGET_LCP_MS}); shell alone ${number(shell.lcpMs)} ms; bare static HTML ${number(bare.lcpMs)} ms`,
    );
  } finally {
    await peer.stop();
    await server.stop();
    await browser.close();
  }
}
