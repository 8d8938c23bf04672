import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import type { AgentScope } from "../../auth/scopes";
import { ApiError } from "../errors";
import { type McpSession, sessionOf } from "./session";

/** Who sees a tool: everyone, an agent key with the scope, or a search key. */
export type ToolAccess = "public" | AgentScope | "search";

/** The `_meta` key of a tool error: the API's code, message and (for RISK_REJECTED) category. */
export const TOOL_ERROR_META = "bourse/error";

export interface ToolError {
  code: string;
  message: string;
  category?: string;
}

/**
 * One tool over a service the HTTP API calls. Its input and output are the API's own schemas (or
 * objects made of them); `run` maps arguments to the service and back, nothing more.
 */
export interface ToolSpec<I extends z.ZodObject, O extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  access: ToolAccess;
  /** read: changes nothing. write: executes something (an order, a swap, paid work). */
  effect: "read" | "write";
  input: I;
  output: O;
  /** Answers the output's own type: the server checks it against `output` before it leaves. */
  run(args: z.output<I>, session: McpSession): Promise<z.output<O>>;
  /** The short text beside the structured result. */
  summarize(result: z.output<O>): string;
}

export interface McpTool {
  name: string;
  access: ToolAccess;
  /** Adds the tool to a server; each call runs for the session of its request (sessionOf). */
  register(server: McpServer): void;
  /**
   * A tools/call of well-formed arguments, answered as the server would answer it, without the server's
   * request machinery (lib/api/mcp/stateless-http.ts). null when the arguments do not parse: the server
   * then answers, with its own wording of the validation error.
   */
  call(args: Record<string, unknown>, session: McpSession): Promise<CallToolResult> | null;
}

export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(spec: ToolSpec<I, O>): McpTool {
  // Copies without the API schemas' component ids: a tool's schemas must be inline objects, never a $ref.
  const inputSchema = spec.input.extend({});
  const outputSchema = spec.output.extend({});
  const answer = async (args: z.output<I>, session: McpSession): Promise<CallToolResult> => {
    try {
      const result = await spec.run(args, session);
      return { content: [{ type: "text", text: spec.summarize(result) }], structuredContent: result };
    } catch (err) {
      return toolError(err, session);
    }
  };
  return {
    name: spec.name,
    access: spec.access,
    register(server) {
      server.registerTool(
        spec.name,
        {
          title: spec.title,
          description: spec.description,
          inputSchema: inputSchema as z.ZodObject,
          outputSchema: outputSchema as z.ZodObject,
          annotations: { title: spec.title, readOnlyHint: spec.effect === "read", destructiveHint: false, openWorldHint: spec.access === "search" },
        },
        // The server has parsed the arguments with `input` already, and checks the result against `output`.
        (args, extra) => answer(args as z.output<I>, sessionOf(extra)),
      );
    },
    call(args, session) {
      const parsed = inputSchema.safeParse(args);
      if (!parsed.success) return null;
      return answer(parsed.data as z.output<I>, session).then((result) => {
        // The server's check of what leaves, done here too: a result off its schema is a defect, answered as one.
        if (result.isError || outputSchema.safeParse(result.structuredContent).success) return result;
        return toolError(new Error(`${spec.name} answered off its output schema`), session);
      });
    },
  };
}

/** A refusal as the API words it, returned as a tool error; anything else is logged and answered without internals. */
function toolError(err: unknown, session: McpSession): CallToolResult {
  const error: ToolError = err instanceof ApiError ? { code: err.code, message: err.message } : unexpected(err, session);
  if (err instanceof ApiError && err.category !== undefined) error.category = err.category;
  const retry = err instanceof ApiError ? err.headers["Retry-After"] : undefined;
  const head = error.category === undefined ? error.code : `${error.code} (${error.category})`;
  return {
    isError: true,
    content: [{ type: "text", text: `${head}: ${error.message}${retry === undefined ? "" : ` Retry after ${retry} s.`}` }],
    _meta: { [TOOL_ERROR_META]: error },
  };
}

function unexpected(err: unknown, session: McpSession): ToolError {
  session.deps.log.error({ reqId: session.requestId, err }, "MCP tool failed");
  return { code: "INTERNAL_ERROR", message: "An unexpected error occurred. Retry with backoff; quote the request id if it persists." };
}
