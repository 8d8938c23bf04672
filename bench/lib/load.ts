import autocannon from "autocannon";

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** Drives a URL with autocannon (loopback only) and returns throughput and latency. */
export async function drive(url: string, opts: { connections?: number; seconds?: number } = {}): Promise<LoadResult> {
  const result = await autocannon({ url, connections: opts.connections ?? 20, duration: opts.seconds ?? 10 });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
