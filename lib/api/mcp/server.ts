import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { APP_VERSION } from "../../version";
import { registerResources } from "./resources";
import { type McpSession, sessionOf } from "./session";
import { type Shortcut, StatelessHttpTransport } from "./stateless-http";
import type { McpTool } from "./tool";
import { toolsFor } from "./tools";

const INSTRUCTIONS =
  "Bourse: market data across venues, smart-routed perp orders, pairs and swaps under the owner's risk policy and kill switch, and paid web search. " +
  "The tools listed are those the presented keys allow. Execution tools take an idempotencyKey (generated when absent and returned): retry with it. " +
  "place_order with dryRun shows the plan, fees and risk verdict without sending. Refusals are tool errors naming the API's code.";

// One for every server: each would otherwise build its own Ajv.
const jsonSchemaValidator = new AjvJsonSchemaValidator();

/** The lasting server of each kind of session, connected to the transport its requests go through. */
const servers = new Map<string, StatelessHttpTransport>();

/** What a session's server holds depends only on this: the agent key's scopes and whether a search key came. */
const kindOf = (session: McpSession) => `${[...(session.agent?.scopes ?? [])].sort().join(",")}|${session.searchKey === null ? "" : "search"}`;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * tools/call of a listed tool with well-formed arguments, answered by the tool itself: most of a small
 * call's cost is otherwise the server's request machinery. Everything else (an unknown tool, arguments
 * that do not parse, a task request, any other method) goes to the server, which words its errors.
 */
function toolCalls(tools: readonly McpTool[]): Shortcut {
  const byName = new Map(tools.map((t) => [t.name, t]));
  return (request, extra) => {
    const params = request.params;
    if (request.method !== "tools/call" || !isRecord(params) || typeof params.name !== "string" || !isRecord(params.arguments) || "task" in params) return null;
    const call = byName.get(params.name)?.call(params.arguments, sessionOf(extra));
    return (call ?? null) as Promise<Record<string, unknown>> | null;
  };
}

function build(session: McpSession): StatelessHttpTransport {
  const server = new McpServer(
    { name: "bourse", version: APP_VERSION },
    { capabilities: { tools: { listChanged: false }, resources: { listChanged: false } }, instructions: INSTRUCTIONS, jsonSchemaValidator },
  );
  const tools = toolsFor(session);
  for (const tool of tools) tool.register(server);
  registerResources(server, session.agent?.scopes.includes("account:read") ?? false);
  const transport = new StatelessHttpTransport(toolCalls(tools));
  // Connecting to this transport only sets handlers: nothing to wait for.
  void server.connect(transport);
  return transport;
}

/**
 * The transport of a server with exactly the tools and resources the session's keys allow. There is
 * one server per kind of session (at most 16), built at its first request and serving every request of
 * that kind, concurrently; the handlers find the request's session through its AuthInfo.
 */
export function transportFor(session: McpSession): StatelessHttpTransport {
  const kind = kindOf(session);
  let transport = servers.get(kind);
  if (transport === undefined) {
    transport = build(session);
    servers.set(kind, transport);
  }
  return transport;
}
