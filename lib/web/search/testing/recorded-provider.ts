// A local stand-in for a third-party search API: a real HTTP server on loopback that answers with
// responses recorded in the provider's format (the JSON files beside this one).
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

export type RecordingName = "searxng-page1" | "searxng-page2" | "searxng-page3" | "brave-page0" | "brave-page1";

export function recording(name: RecordingName): unknown {
  return JSON.parse(readFileSync(path.join(import.meta.dirname, `${name}.json`), "utf8"));
}

export interface ProviderRequest {
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
}

export type ProviderAnswer = { status?: number; body: unknown } | { status: number; raw: string };

export interface RecordedProvider {
  /** http://127.0.0.1:port */
  origin: string;
  requests: ProviderRequest[];
  /** Replaces how requests are answered. */
  answer(fn: (req: ProviderRequest) => ProviderAnswer): void;
  close(): Promise<void>;
}

export async function startRecordedProvider(fn: (req: ProviderRequest) => ProviderAnswer): Promise<RecordedProvider> {
  let answer = fn;
  const requests: ProviderRequest[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://provider.test");
    const request = { path: url.pathname, query: url.searchParams, headers: req.headers };
    requests.push(request);
    const a = answer(request);
    res.writeHead(a.status ?? 200, { "content-type": "application/json" });
    res.end("raw" in a ? a.raw : JSON.stringify(a.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    answer: (next) => {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
