import { localChainA, localChainB } from "../wallet/chains";

export interface SecurityHeaders {
  /** Dashboard pages and everything else Next serves: the content security policy included. */
  page: Readonly<Record<string, string>>;
  /** Both APIs' answers (JSON, event streams): no document to frame or to run scripts in. */
  api: Readonly<Record<string, string>>;
}

const COMMON = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
} as const;

/**
 * One static policy for every page, so pages keep static rendering (a nonce would force every page to
 * render per request). Scripts: our own bundles plus Next's inline hydration scripts and the theme
 * script ('unsafe-inline'); React needs eval in development only. Connections: same origin and the
 * local chains the wallet configuration names. Nothing may frame a page.
 */
export function contentSecurityPolicy(options: { development: boolean }): string {
  const chainOrigins = [localChainA, localChainB].flatMap((c) => c.rpcUrls.default.http.map((url) => new URL(url).origin));
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${options.development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${[...new Set(chainOrigins)].join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function securityHeaders(options: { development: boolean }): SecurityHeaders {
  return {
    page: { ...COMMON, "Content-Security-Policy": contentSecurityPolicy(options) },
    api: { ...COMMON, "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'" },
  };
}
