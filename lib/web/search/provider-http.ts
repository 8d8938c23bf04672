import type { z } from "zod";
import { SearchProviderError, type SearchProvider } from "./provider";

/** How long a provider has to answer one page of results. */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** GETs a provider's JSON and parses it with `schema`; every failure becomes a SearchProviderError. */
export async function getProviderJson<T extends z.ZodType>(
  provider: SearchProvider["name"],
  url: URL,
  schema: T,
  opts: { headers?: Record<string, string>; signal?: AbortSignal },
): Promise<z.output<T>> {
  const timeout = AbortSignal.timeout(PROVIDER_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: "application/json", ...opts.headers }, signal, redirect: "error" });
  } catch (err) {
    const reason = timeout.aborted ? `no answer within ${PROVIDER_TIMEOUT_MS} ms` : err instanceof Error ? err.message : String(err);
    throw new SearchProviderError(provider, `could not reach ${url.origin}: ${reason}`);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new SearchProviderError(provider, `${url.origin} answered ${res.status}`);
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new SearchProviderError(provider, `${url.origin} answered with a body that is not JSON`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new SearchProviderError(provider, `${url.origin} answered in an unexpected shape`);
  return parsed.data;
}
