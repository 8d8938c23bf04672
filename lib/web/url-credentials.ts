// Credentials that ride in URLs: userinfo (user:password@), and query or path parameters named like
// tokens, keys, signatures, passwords or session ids. The shared index must never hold them.

/** Parameter names (snake_cased) that carry a secret: `access_token`, `apiKey`, `X-Amz-Signature`, `PHPSESSID`, … */
const SECRET_NAME =
  /(?:^|_)(?:token|secret|password|passwd|pwd|key|apikey|signature|sig|hmac|credentials?|auth|authorization|session|session_id|sessionid|sid|jsessionid|phpsessid|aspsessionid|otp)$/;
/** Names that are secrets only on their own (`code` of an OAuth redirect, not `zip_code`). */
const SECRET_EXACT = new Set(["code", "ticket", "pass"]);
/** `;jsessionid=…` and the like in a path segment (Java servlet session tracking). */
const PATH_SESSION = /;(?:jsessionid|phpsessid|sid|sessionid)=[^/;?#]*/gi;

export function isSecretParameter(name: string): boolean {
  const snake = name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return SECRET_EXACT.has(snake) || SECRET_NAME.test(snake);
}

const queryPairs = (url: URL) =>
  url.search
    .slice(1)
    .split("&")
    .filter((pair) => pair !== "");

function isSecretPair(pair: string): boolean {
  const raw = pair.split("=", 1)[0]!;
  let name = raw;
  try {
    name = decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    // A malformed escape: judge the name as written.
  }
  return isSecretParameter(name);
}

/** Whether the URL carries credentials: userinfo, a secret-named query parameter, or a session id in its path. */
export function carriesCredentials(url: URL): boolean {
  return url.username !== "" || url.password !== "" || queryPairs(url).some(isSecretPair) || url.pathname.replace(PATH_SESSION, "") !== url.pathname;
}

/** The URL without userinfo, secret-named query parameters and path session ids; the rest of the query as it was. */
export function withoutCredentials(input: string): string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return input;
  }
  if (!carriesCredentials(url)) return url.href;
  url.username = "";
  url.password = "";
  url.pathname = url.pathname.replace(PATH_SESSION, "");
  const kept = queryPairs(url).filter((pair) => !isSecretPair(pair));
  url.search = kept.length > 0 ? `?${kept.join("&")}` : "";
  return url.href;
}
