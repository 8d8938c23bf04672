import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  CallToolRequestSchema,
  CallToolResultSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { mcpKeyHeaders } from "../../mcp/contract";
import type { CliContext } from "./context";

const CLIENT_INFO = { name: "bourse-cli", version: "0.1.0" };

/**
 * `bourse mcp`: the deployment's MCP tools over stdio, for clients that only start local servers. Each
 * request is relayed as it is to /api/mcp with the keys, so the tools, their schemas, the scopes and
 * every refusal are the endpoint's own. Runs until stdin closes.
 */
export async function serveMcpOverStdio(ctx: CliContext): Promise<void> {
  const remote = new Client(CLIENT_INFO);
  await remote.connect(
    new StreamableHTTPClientTransport(new URL(`${ctx.url}/api/mcp`), { requestInit: { headers: mcpKeyHeaders([ctx.agentKey, ctx.searchKey]) } }),
  );
  const server = new Server(remote.getServerVersion() ?? { name: "bourse", version: CLIENT_INFO.version }, {
    capabilities: { tools: {}, resources: {} },
    instructions: remote.getInstructions(),
  });
  server.setRequestHandler(ListToolsRequestSchema, (request) => remote.listTools(request.params));
  // Relayed without the client's own output check: the endpoint already validated what it answers.
  server.setRequestHandler(CallToolRequestSchema, (request) => remote.request({ method: "tools/call", params: request.params }, CallToolResultSchema));
  server.setRequestHandler(ListResourcesRequestSchema, (request) => remote.listResources(request.params));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => remote.readResource(request.params));
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  await server.connect(new StdioServerTransport());
  await closed;
  await remote.close();
}
