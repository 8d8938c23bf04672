// What a call of one of the dashboard's server actions looks like on the wire, checked before Next
// decodes it: Next answers a body its decoder cannot read with a 500, so such bodies are refused first.

/** Strings React's reply encoding gives meaning to without pointing at another part of the request. */
const STANDALONE = new Set(["$undefined", "$NaN", "$Infinity", "$-Infinity", "$-0"]);
const MAX_DEPTH = 64;

/**
 * Why a POST naming a server action is not a call this dashboard's pages make, or null when it is one:
 * the pages send their arguments as one JSON array (text/plain, never multipart: no action takes a form
 * or a file), and such a body never refers to parts outside itself (React's `$Q`, `$@`, `$K`… references).
 */
export function malformedServerActionCall(contentType: string | null, body: string): string | null {
  if (!contentType?.toLowerCase().startsWith("text/plain")) return "the arguments must be JSON sent as text/plain";
  let args: unknown;
  try {
    args = JSON.parse(body);
  } catch {
    return "the arguments are not JSON";
  }
  if (!Array.isArray(args)) return "the arguments must be a JSON array";
  return danglingReference(args, 0);
}

function danglingReference(value: unknown, depth: number): string | null {
  if (depth > MAX_DEPTH) return "the arguments are nested too deeply";
  if (typeof value === "string") {
    if (!value.startsWith("$") || value.startsWith("$$") || STANDALONE.has(value) || /^\$[Dn]/.test(value)) return null;
    return "the arguments refer to parts the request does not have";
  }
  if (value === null || typeof value !== "object") return null;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    const problem = danglingReference(item, depth + 1);
    if (problem) return problem;
  }
  return null;
}
