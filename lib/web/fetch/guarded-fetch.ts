// HTTP(S) GET under the server's fetch policy. Every hop (the first URL and each redirect) is
// resolved here, every address is vetted, and the socket connects to the vetted address itself, so
// neither a literal IP, a DNS answer that changes between check and use, nor a redirect can lead the
// request into a private network.
import http, { type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import https from "node:https";
import { pipeline, type Readable } from "node:stream";
import zlib from "node:zlib";
import type { PageErrorCode } from "../types";
import type { AllowList } from "../../net/allowlist";
import { blockedReason, formatIp, type IpBytes, parseIp } from "../../net/ip-address";
import type { Resolver } from "../net/resolver";

export class FetchFailure extends Error {
  override name = "FetchFailure";
  constructor(
    readonly code: PageErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface FetchPolicy {
  /** Sent on every request; names the service and a contact URL. */
  readonly userAgent: string;
  /** For the whole request, redirects included. */
  readonly timeoutMs: number;
  /** Largest (decompressed) body accepted. */
  readonly maxBodyBytes: number;
  readonly maxRedirects: number;
  /** Addresses that may be reached although private (WEB_FETCH_ALLOW). */
  readonly allow: AllowList;
  readonly resolver: Resolver;
}

export interface FetchOptions {
  readonly signal?: AbortSignal;
  readonly accept?: string;
  /** Keep the first N bytes of a longer body instead of failing (robots.txt is read up to a cap). */
  readonly truncateAt?: number;
  /** Runs before each hop (redirects included) once its address is vetted; throw a FetchFailure to refuse that URL. */
  readonly beforeHop?: (url: URL) => Promise<void>;
}

export interface FetchedResponse {
  readonly finalUrl: string;
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  /** The address actually connected to. */
  readonly address: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function guardedFetch(input: string | URL, policy: FetchPolicy, options: FetchOptions = {}): Promise<FetchedResponse> {
  let url = typeof input === "string" ? httpUrl(input) : input;
  if (!url) throw new FetchFailure("INVALID_URL", "only absolute http and https URLs can be fetched");
  const timeout = AbortSignal.timeout(policy.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  for (let hop = 0; ; hop++) {
    const target = await vet(url, policy, signal);
    await options.beforeHop?.(url);
    const res = await send(url, target, policy, signal, options.accept);
    const location = res.headers.location;
    if (REDIRECTS.has(res.statusCode ?? 0) && location) {
      res.resume();
      if (hop >= policy.maxRedirects) throw new FetchFailure("TOO_MANY_REDIRECTS", `more than ${policy.maxRedirects} redirects`);
      let next: URL | undefined;
      try {
        next = httpUrl(new URL(location, url).href);
      } catch {
        next = undefined;
      }
      if (!next) throw new FetchFailure("INVALID_URL", `redirect to a URL that cannot be fetched: ${location.slice(0, 200)}`);
      url = next;
      continue;
    }
    const body = await readBody(res, policy.maxBodyBytes, options.truncateAt, signal);
    return { finalUrl: url.href, status: res.statusCode ?? 0, headers: res.headers, body, address: formatIp(target.ip) };
  }
}

function httpUrl(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
}

interface Target {
  readonly ip: IpBytes;
  readonly port: number;
  /** The host name for TLS SNI and certificate checks; undefined for a literal address. */
  readonly servername: string | undefined;
}

/** Resolves the URL's host and refuses it unless every address is public or allowlisted. */
export async function vet(url: URL, policy: Pick<FetchPolicy, "allow" | "resolver">, signal?: AbortSignal): Promise<Target> {
  const port = Number(url.port) || (url.protocol === "https:" ? 443 : 80);
  const literal = parseIp(url.hostname);
  let addresses: IpBytes[];
  if (literal) addresses = [literal];
  else {
    const host = url.hostname.replace(/\.$/, "");
    let answers: Awaited<ReturnType<typeof policy.resolver>>;
    try {
      answers = await policy.resolver(host);
    } catch (e) {
      throw new FetchFailure("DNS_FAILURE", `cannot resolve ${host}: ${errorCode(e)}`);
    }
    signal?.throwIfAborted();
    addresses = answers.map((a) => parseIp(a.address)).filter((a): a is IpBytes => a !== undefined);
    if (addresses.length === 0) throw new FetchFailure("DNS_FAILURE", `${host} has no address`);
  }
  for (const address of addresses) {
    if (policy.allow(address, port)) continue;
    const reason = blockedReason(address);
    if (reason) {
      // The rule, never the address a name resolved to: that would map the internal network for the caller.
      const what = literal ? "a non-public address" : `${url.hostname}: it resolves to a non-public address`;
      throw new FetchFailure("BLOCKED_ADDRESS", `refusing to fetch ${what} (${reason})`);
    }
  }
  return { ip: addresses[0]!, port, servername: literal ? undefined : url.hostname.replace(/\.$/, "") };
}

function send(url: URL, target: Target, policy: FetchPolicy, signal: AbortSignal, accept: string | undefined): Promise<IncomingMessage> {
  const address = formatIp(target.ip);
  return new Promise((resolve, reject) => {
    const options: https.RequestOptions = {
      host: address,
      family: target.ip.family,
      port: target.port,
      path: `${url.pathname}${url.search}`,
      method: "GET",
      agent: false,
      signal,
      headers: {
        host: url.host,
        "user-agent": policy.userAgent,
        accept: accept ?? "text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8,*/*;q=0.5",
        "accept-encoding": "gzip, deflate, br",
      },
    };
    if (target.servername) options.servername = target.servername;
    const req = (url.protocol === "https:" ? https : http).request(options, (res) => {
      // Connected by address, so this holds; checked anyway because it is the guarantee.
      const peer = res.socket.remoteAddress ? parseIp(res.socket.remoteAddress.replace(/^::ffff:(?=\d+\.)/, "")) : undefined;
      if (!peer || formatIp(peer) !== address) {
        res.destroy();
        reject(new FetchFailure("BLOCKED_ADDRESS", "connected to an address other than the vetted one"));
        return;
      }
      resolve(res);
    });
    req.on("error", (e) => reject(failure(e, signal)));
    req.end();
  });
}

function readBody(res: IncomingMessage, maxBytes: number, truncateAt: number | undefined, signal: AbortSignal): Promise<Buffer> {
  const limit = truncateAt ?? maxBytes;
  const declared = Number(res.headers["content-length"]);
  if (truncateAt === undefined && declared > maxBytes) {
    res.destroy();
    return Promise.reject(new FetchFailure("BODY_TOO_LARGE", `body of ${declared} bytes exceeds ${maxBytes}`));
  }
  const source = decoded(res);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (error?: Error) => {
      if (done) return;
      done = true;
      if (error) reject(error);
      else resolve(Buffer.concat(chunks, size));
    };
    source.on("data", (chunk: Buffer) => {
      if (done) return;
      if (size + chunk.length > limit) {
        if (truncateAt === undefined) {
          finish(new FetchFailure("BODY_TOO_LARGE", `body exceeds ${maxBytes} bytes`));
        } else {
          chunks.push(chunk.subarray(0, limit - size));
          size = limit;
          finish();
        }
        res.destroy();
        source.destroy();
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    });
    source.on("end", () => finish());
    source.on("error", (e) => finish(failure(e, signal)));
    res.on("error", (e) => finish(failure(e, signal)));
    res.on("aborted", () => finish(failure(new Error("connection closed mid-body"), signal)));
    const onAbort = () => {
      finish(failure(new Error("aborted"), signal));
      res.destroy();
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    source.on("close", () => signal.removeEventListener("abort", onAbort));
  });
}

function decoded(res: IncomingMessage): Readable {
  const encoding = String(res.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  const decoder =
    encoding === "gzip" || encoding === "x-gzip"
      ? zlib.createGunzip()
      : encoding === "deflate"
        ? zlib.createInflate()
        : encoding === "br"
          ? zlib.createBrotliDecompress()
          : undefined;
  if (!decoder) return res;
  pipeline(res, decoder, () => {});
  return decoder;
}

function errorCode(e: unknown): string {
  if (e && typeof e === "object" && "code" in e && typeof e.code === "string") return e.code;
  return e instanceof Error ? e.message : String(e);
}

function failure(e: unknown, signal: AbortSignal): FetchFailure {
  if (e instanceof FetchFailure) return e;
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    const timedOut = reason instanceof DOMException && reason.name === "TimeoutError";
    return new FetchFailure("TIMEOUT", timedOut ? "the page did not answer in time" : "the request was cancelled");
  }
  return new FetchFailure("CONNECTION_FAILED", `connection failed: ${errorCode(e)}`);
}
