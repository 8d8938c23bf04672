/**
 * The path, query and fragment of `target` when it stays on `origin`, parsed with the URL parser as a
 * browser would (so `/\host`, tabs and `/.//host` are read the way a redirect would follow them);
 * undefined for anything that would leave the origin.
 */
export function sameOriginPath(target: string | undefined, origin: string): string | undefined {
  if (!target?.startsWith("/")) return undefined;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(origin).origin) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path that normalises to `//host` would be read as protocol-relative when followed.
  return path.startsWith("//") ? undefined : path;
}
