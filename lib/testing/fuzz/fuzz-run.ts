import { errorEnvelope } from "../../api/trading/envelope";
import { searchErrorBody } from "../../api/search/error-body";
import type { FuzzRequest } from "./fuzz-cases";

/** An answer outside the contract. */
export interface Violation {
  request: string;
  status: number;
  reason: string;
  body: string;
}

export interface FuzzReport {
  requests: number;
  statuses: Record<number, number>;
  violations: Violation[];
}

/**
 * What every answer must be: never a 5xx but a deliberate 503, an X-Request-ID on each, and every error
 * body in its API's contract (the trading envelope, or the search error body naming the same request id).
 */
export function checkAnswer(req: FuzzRequest, status: number, headers: Headers, text: string): string | null {
  if (status >= 500 && status !== 503) return "server error";
  const requestId = headers.get("x-request-id");
  if (!requestId) return "no X-Request-ID";
  if (status < 400) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return "error body is not JSON";
  }
  if (req.api === "trading") return errorEnvelope.safeParse(body).success ? null : "error body outside the trading envelope";
  const parsed = searchErrorBody.safeParse(body);
  if (!parsed.success) return "error body outside the search contract";
  return parsed.data.request_id === requestId ? null : "search error body names another request id";
}

/** Sends the requests, `concurrency` at a time, each as its own client, and checks every answer. */
export async function sendAll(base: string, requests: readonly FuzzRequest[], options: { concurrency?: number; timeoutMs?: number } = {}): Promise<FuzzReport> {
  const { concurrency = 4, timeoutMs = 15_000 } = options;
  const report: FuzzReport = { requests: 0, statuses: {}, violations: [] };
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const index = next++;
      const req = requests[index]!;
      const outcome = await send(base, req, index, timeoutMs);
      report.requests++;
      report.statuses[outcome.status] = (report.statuses[outcome.status] ?? 0) + 1;
      const reason = outcome.failure ?? checkAnswer(req, outcome.status, outcome.headers, outcome.text);
      if (reason) report.violations.push({ request: req.label, status: outcome.status, reason, body: outcome.text.slice(0, 300) });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return report;
}

async function send(base: string, req: FuzzRequest, index: number, timeoutMs: number) {
  // A client address of its own per request (loopback is a trusted proxy in the fuzz world).
  const client = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetch(base + req.url, {
      method: req.method,
      headers: { ...req.headers, "x-forwarded-for": client },
      body: req.body,
      signal: controller.signal,
      redirect: "manual",
    });
    // A stream that opened is read no further: its first bytes are enough to know it answered.
    if (req.stream && res.status === 200) {
      await res.body?.cancel();
      return { status: res.status, headers: res.headers, text: "" };
    }
    return { status: res.status, headers: res.headers, text: await res.text() };
  } catch (err) {
    const failure = controller.signal.aborted ? `no answer within ${timeoutMs} ms` : `transport failure: ${err instanceof Error ? err.message : String(err)}`;
    return { status: 0, headers: new Headers(), text: "", failure };
  } finally {
    clearTimeout(timer);
  }
}
