import fs from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** A recorded exchange with LI.FI: the request it answers (path and the query values that must match) and the answer. */
interface Recording {
  request: { path: string; query: Record<string, string> };
  status: number;
  body: unknown;
}

export interface FakeLifi {
  /** Base URL to use as LIFI_API_URL (ends in /v1, as LI.FI's does). */
  url: string;
  /** Every request received, in order. */
  requests: { path: string; query: Record<string, string>; headers: IncomingHttpHeaders }[];
  /** Answer everything with this status from now on (e.g. 503), or stop doing so with null. */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");

/**
 * LI.FI's API on loopback, answering from recorded responses: a request gets the recording whose
 * query it matches most closely; recordings for the same request are played in the order given.
 */
export async function startFakeLifi(recordings: readonly string[]): Promise<FakeLifi> {
  const loaded = recordings.map((name) => JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.json`), "utf8")) as Recording);
  const played = new Map<Recording, number>();
  const requests: FakeLifi["requests"] = [];
  let failure: number | null = null;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, query, headers: req.headers });
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (failure !== null) return answer(failure, { message: "Service temporarily unavailable", code: 1006 });
    const matching = loaded.filter((r) => r.request.path === url.pathname && Object.entries(r.request.query).every(([k, v]) => query[k] === v));
    if (matching.length === 0) return answer(404, { message: `no recording for ${url.pathname}?${url.searchParams}`, code: 1003 });
    const best = Math.max(...matching.map((r) => Object.keys(r.request.query).length));
    const candidates = matching.filter((r) => Object.keys(r.request.query).length === best);
    // Same request recorded several times (a transfer in progress, then done): play them in turn, then keep the last.
    const next = candidates.find((r) => !played.has(r)) ?? candidates.at(-1)!;
    played.set(next, (played.get(next) ?? 0) + 1);
    answer(next.status, next.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    failWith: (status) => {
      failure = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
