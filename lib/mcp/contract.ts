// How an MCP client presents its keys to /api/mcp; shared by the endpoint and the clients.

/** Where the second key goes when a client uses both kinds, an agent key and a search key. */
export const SECOND_KEY_HEADER = "x-bourse-key";

/** Headers carrying up to two keys: the first as the bearer, the second in X-Bourse-Key. */
export function mcpKeyHeaders(keys: readonly (string | undefined)[]): Record<string, string> {
  const [first, second] = keys.filter((k): k is string => k !== undefined && k !== "");
  return { ...(first ? { authorization: `Bearer ${first}` } : {}), ...(second ? { [SECOND_KEY_HEADER]: second } : {}) };
}
