// robots.txt as RFC 9309 defines it: groups by user-agent (ours merged when it appears more than
// once, else the "*" groups), allow/disallow rules with * and $, the longest match wins and allow
// wins a tie. Paths compare as normalised percent-encoded octets.

export interface Rule {
  readonly allow: boolean;
  /** Normalised pattern. */
  readonly pattern: string;
  /** Octets that count towards the longest match. */
  readonly length: number;
  readonly regex: RegExp;
}

export interface RobotsTxt {
  /** Rules that apply to the product token the file was read for. */
  readonly rules: readonly Rule[];
}

/** What the RFC calls "allow all": no robots.txt, a 4xx, or no group for us. */
export const ALLOW_ALL: RobotsTxt = { rules: [] };
/** What the RFC calls "disallow all": an unreachable robots.txt (5xx, network error). */
export const DISALLOW_ALL: RobotsTxt = { rules: [rule(false, "/")!] };

/** Parses the file for one product token (e.g. "BourseBot"), matched case-insensitively. */
export function parseRobotsTxt(text: string, productToken: string): RobotsTxt {
  const token = productToken.toLowerCase();
  const mine: Rule[] = [];
  const star: Rule[] = [];
  let matchedMine = false;
  let agents: string[] = [];
  let inRules = false;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.replace(/#.*$/, "").trim();
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const key = line
      .slice(0, colon)
      .trim()
      .toLowerCase()
      .replace(/[\s_-]/g, "");
    const value = line.slice(colon + 1).trim();
    if (key === "useragent") {
      if (inRules) agents = [];
      inRules = false;
      agents.push(agentToken(value));
      if (agents.at(-1) === token) matchedMine = true;
      continue;
    }
    if (key !== "allow" && key !== "disallow") continue;
    if (agents.length === 0) continue; // rules before any user-agent line belong to no group
    inRules = true;
    const r = rule(key === "allow", value);
    if (!r) continue;
    if (agents.includes(token)) mine.push(r);
    if (agents.includes("*")) star.push(r);
  }
  return { rules: matchedMine ? mine : star };
}

/** The product token of a user-agent line: "BourseBot/1.0" → "boursebot". */
function agentToken(value: string): string {
  if (value === "*") return "*";
  return (/^[A-Za-z_-]+/.exec(value)?.[0] ?? value).toLowerCase();
}

function rule(allow: boolean, value: string): Rule | undefined {
  if (!value) return undefined; // an empty rule matches nothing
  const pattern = normalizePath(value);
  const source = pattern
    .split("*")
    .map((part, i, parts) => {
      const escaped = part.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
      // A trailing $ anchors the match at the end of the path.
      return i === parts.length - 1 && part.endsWith("$") ? `${escaped.slice(0, -2)}$` : escaped;
    })
    .join(".*");
  return { allow, pattern, length: pattern.length, regex: new RegExp(`^${source}`) };
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * Percent-encoding normal form: non-ASCII and unsafe octets encoded (upper-case hex), encoded
 * unreserved characters decoded, everything else as written.
 */
export function normalizePath(path: string): string {
  let out = "";
  const bytes = Buffer.from(path, "utf8");
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    const ch = String.fromCharCode(b);
    if (ch === "%" && i + 2 < bytes.length && /^[0-9a-fA-F]{2}$/.test(String.fromCharCode(bytes[i + 1]!, bytes[i + 2]!))) {
      const decoded = String.fromCharCode(parseInt(String.fromCharCode(bytes[i + 1]!, bytes[i + 2]!), 16));
      out += UNRESERVED.test(decoded) ? decoded : `%${String.fromCharCode(bytes[i + 1]!, bytes[i + 2]!).toUpperCase()}`;
      i += 2;
    } else if (b > 0x7e || b < 0x21) {
      out += `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
    } else {
      out += ch;
    }
  }
  return out;
}

/** Whether the path (with its query) may be fetched. /robots.txt itself always may. */
export function isAllowed(robots: RobotsTxt, pathAndQuery: string): boolean {
  const path = normalizePath(pathAndQuery || "/");
  if (path === "/robots.txt") return true;
  let best: Rule | undefined;
  for (const r of robots.rules) {
    if (!r.regex.test(path)) continue;
    if (!best || r.length > best.length || (r.length === best.length && r.allow && !best.allow)) best = r;
  }
  return best?.allow ?? true;
}
