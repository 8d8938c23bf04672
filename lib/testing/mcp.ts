// Test support for the MCP endpoint: the official client over Streamable HTTP, with keys as a client sends them.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { mcpKeyHeaders } from "../mcp/contract";

/** An initialized MCP client of the endpoint at `url`, presenting `keys`. */
export async function connectMcp(url: string, keys: readonly string[] = []): Promise<Client> {
  const client = new Client({ name: "bourse-test", version: "0.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: mcpKeyHeaders(keys) } }));
  return client;
}
