// The soak's HTTP client: retries a request (same Idempotency-Key) on a transport failure, a 5xx, a 429 or
// "still running", until it has an answer or its deadline passes; counts what it sees per kind of request.

/** Longest a single attempt may take; an attempt cut off here is a hang. */
export const ATTEMPT_TIMEOUT_MS = 20_000;

const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);
// 409 with these words: the Idempotency-Key's first run is still going (or was cut off by a crash and is being taken over).
const STILL_RUNNING = /still running|changing hands/;

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export interface KindStats {
  /** Attempts that got an HTTP answer, by status. */
  answered: Record<number, number>;
  /** Latency of each answered attempt, ms. */
  latencies: number[];
  retries: number;
  transportErrors: number;
  /** Attempts cut off at ATTEMPT_TIMEOUT_MS without an answer (an attempt cut shorter by the request's deadline is not one). */
  hangs: number;
  /** Requests whose deadline passed without a final answer (the client gave up). */
  gaveUp: number;
  /** Of those, the ones answered 409 "still running" to the end: their key's first run never finished. */
  stuckRunning: number;
}

export class SoakStats {
  readonly kinds = new Map<string, KindStats>();

  of(kind: string): KindStats {
    let s = this.kinds.get(kind);
    if (s === undefined) {
      s = { answered: {}, latencies: [], retries: 0, transportErrors: 0, hangs: 0, gaveUp: 0, stuckRunning: 0 };
      this.kinds.set(kind, s);
    }
    return s;
  }
}

export interface SoakRequest {
  kind: string;
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Total time allowed, retries included. */
  deadlineMs: number;
}

export class SoakClient {
  constructor(
    private readonly baseUrl: string,
    readonly stats: SoakStats,
  ) {}

  /** The final answer, or undefined when the deadline passed without one. */
  async send(req: SoakRequest): Promise<Answer | undefined> {
    const stats = this.stats.of(req.kind);
    const deadline = Date.now() + req.deadlineMs;
    const init: RequestInit = {
      method: req.method,
      headers: { ...(req.body === undefined ? {} : { "content-type": "application/json" }), ...req.headers },
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
    };
    let last: Answer | undefined;
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) stats.retries++;
      const left = deadline - Date.now();
      if (left <= 0) {
        stats.gaveUp++;
        if (last?.status === 409) stats.stuckRunning++;
        return undefined;
      }
      const started = performance.now();
      const timeout = AbortSignal.timeout(Math.min(ATTEMPT_TIMEOUT_MS, left));
      let answer: Answer;
      try {
        const res = await fetch(this.baseUrl + req.path, { ...init, signal: timeout });
        const text = await res.text();
        answer = { status: res.status, headers: res.headers, text, body: parseJson(text) };
      } catch (err) {
        if (timeout.aborted) {
          if (left >= ATTEMPT_TIMEOUT_MS) stats.hangs++;
        } else if (isTransportError(err)) stats.transportErrors++;
        else throw err;
        await pause(Math.min(500, Math.max(0, deadline - Date.now())));
        continue;
      }
      last = answer;
      stats.answered[answer.status] = (stats.answered[answer.status] ?? 0) + 1;
      stats.latencies.push(performance.now() - started);
      if (!RETRY_STATUSES.has(answer.status) && !(answer.status === 409 && STILL_RUNNING.test(answer.text))) return answer;
      const retryAfter = Number(answer.headers.get("retry-after"));
      await pause(Math.min(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 500, Math.max(0, deadline - Date.now())));
    }
  }
}

function isTransportError(err: unknown): boolean {
  return err instanceof TypeError || (err instanceof Error && "code" in err);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
