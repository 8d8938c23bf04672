// Real node:http servers on loopback for the web-content tests: a table of routes, a log of the
// requests that reached them, and how many were in flight at once.
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { staticResolver } from "../net/resolver";
import type { FetchPolicy } from "../fetch/guarded-fetch";
import { allowList } from "../../net/allowlist";

export type Route =
  | { readonly status?: number; readonly headers?: Readonly<Record<string, string>>; readonly body?: string | Buffer; readonly delayMs?: number }
  | ((req: IncomingMessage, res: ServerResponse) => void);

export interface FixtureSite {
  readonly port: number;
  /** http://127.0.0.1:port */
  readonly origin: string;
  /** Paths (with query) requested, in order. */
  readonly requests: string[];
  /** Most requests being answered at the same time. */
  readonly maxInFlight: () => number;
  readonly userAgents: string[];
  route(path: string, route: Route): void;
  close(): Promise<void>;
}

export async function startFixtureSite(routes: Readonly<Record<string, Route>> = {}): Promise<FixtureSite> {
  const table = new Map(Object.entries(routes));
  const requests: string[] = [];
  const userAgents: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    requests.push(path);
    userAgents.push(String(req.headers["user-agent"] ?? ""));
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on("close", () => inFlight--);
    const route = table.get(path) ?? table.get(path.split("?")[0]!);
    if (!route) {
      res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
      return;
    }
    if (typeof route === "function") {
      route(req, res);
      return;
    }
    const send = () => {
      res.writeHead(route.status ?? 200, { "content-type": "text/html; charset=utf-8", ...route.headers });
      res.end(route.body ?? "");
    };
    if (route.delayMs) setTimeout(send, route.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests,
    userAgents,
    maxInFlight: () => maxInFlight,
    route: (path, route) => table.set(path, route),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A scraper policy for tests: only the given loopback ports are reachable, names resolve from a table. */
export function testPolicy(options: {
  readonly allow: readonly string[];
  readonly hosts?: Readonly<Record<string, string | readonly string[]>>;
  readonly timeoutMs?: number;
  readonly maxBodyBytes?: number;
  readonly crawlConcurrency?: number;
}): FetchPolicy & { readonly crawlConcurrency: number } {
  return {
    userAgent: "BourseBot/test (+http://bourse.test)",
    timeoutMs: options.timeoutMs ?? 5_000,
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    maxRedirects: 5,
    allow: allowList(options.allow),
    resolver: staticResolver(options.hosts ?? {}),
    crawlConcurrency: options.crawlConcurrency ?? 3,
  };
}
