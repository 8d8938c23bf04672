// The POST side of MCP's Streamable HTTP transport, stateless and answered as JSON, for servers that
// stay connected between requests. The SDK's own transport (WebStandardStreamableHTTPServerTransport)
// must be made, connected and closed for every stateless request; that costs more than a small tool
// call itself (bench/mcp). Here one lasting transport per server carries every request's messages in
// and routes each answer back to the HTTP request it came with, so requests of many clients run on one
// server at once. The HTTP rules are the SDK transport's, with the same statuses and JSON-RPC codes.
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { JSONRPCMessageSchema, type JSONRPCMessage, type RequestId, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";

/** At most this many messages in one batch (the SDK transport's limit). */
const MAX_BATCH_SIZE = 100;

/** An HTTP answer: a JSON-RPC value (one message or a batch), or no body (202). */
export type HttpAnswer = { status: 200 | 202 | 400 | 406; body: unknown };

/** What the HTTP request brought besides its body. */
export interface PostedRequest {
  accept: string | undefined;
  protocolVersion: string | undefined;
  authInfo: AuthInfo;
}

type Answer = Extract<JSONRPCMessage, { id: RequestId }>;
type Request = Extract<JSONRPCMessage, { method: string; id: RequestId }>;

/** Answers a request without the server, or null to leave it to the server. */
export type Shortcut = (request: Request, extra: { authInfo: AuthInfo }) => Promise<Record<string, unknown>> | null;

const isRequest = (m: JSONRPCMessage): m is Request => "method" in m && "id" in m;
const isAnswer = (m: JSONRPCMessage): m is Answer => !("method" in m) && "id" in m;

/** A JSON-RPC error outside any request (the HTTP request itself is refused), as the SDK transport words it. */
export const rpcError = (code: number, message: string) => ({ jsonrpc: "2.0", error: { code, message }, id: null });

/**
 * The one transport of a lasting server. Every request gets an id of its own on the way in (clients of
 * a stateless endpoint all number from 1) and its own id back on the way out. Notifications the server
 * sends have no stream to go to in JSON mode and are dropped, as the SDK transport drops them.
 */
export class StatelessHttpTransport implements Transport {
  onmessage?: Transport["onmessage"];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private lastId = 0;
  private readonly waiting = new Map<number, { id: RequestId; answer(message: Answer): void }>();

  /** `shortcut` answers the requests it can (the hot ones) without the server's request machinery. */
  constructor(private readonly shortcut: Shortcut = () => null) {}

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.waiting.clear();
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (!isAnswer(message)) return;
    const waiter = this.waiting.get(message.id as number);
    if (waiter === undefined) return;
    this.waiting.delete(message.id as number);
    waiter.answer({ ...message, id: waiter.id });
  }

  /** Handles one POST's body: refuses it as the transport rules say, or answers every request in it. */
  async post(body: unknown, request: PostedRequest): Promise<HttpAnswer> {
    const accept = request.accept ?? "";
    if (!accept.includes("application/json") || !accept.includes("text/event-stream"))
      return { status: 406, body: rpcError(-32000, "Not Acceptable: Client must accept both application/json and text/event-stream") };
    const batch = Array.isArray(body);
    if (batch && body.length > MAX_BATCH_SIZE)
      return { status: 400, body: rpcError(-32600, `Invalid Request: Batch must not exceed ${MAX_BATCH_SIZE} messages`) };
    const parsed = (batch ? body : [body]).map((m) => JSONRPCMessageSchema.safeParse(m));
    if (parsed.some((p) => !p.success)) return { status: 400, body: rpcError(-32700, "Parse error: Invalid JSON-RPC message") };
    const messages = parsed.map((p) => p.data!);
    const initializing = messages.some((m) => "method" in m && m.method === "initialize");
    if (initializing && messages.length > 1) return { status: 400, body: rpcError(-32600, "Invalid Request: Only one initialization request is allowed") };
    const version = request.protocolVersion;
    if (!initializing && version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version))
      return {
        status: 400,
        body: rpcError(-32000, `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")})`),
      };
    const extra = { authInfo: request.authInfo };
    const answers: Promise<Answer>[] = [];
    for (const message of messages) {
      if (!isRequest(message)) {
        this.onmessage?.(message, extra);
        continue;
      }
      const direct = this.shortcut(message, extra);
      if (direct !== null) {
        answers.push(direct.then((result) => ({ jsonrpc: "2.0", id: message.id, result })));
        continue;
      }
      const id = ++this.lastId;
      answers.push(new Promise((answer) => this.waiting.set(id, { id: message.id, answer })));
      this.onmessage?.({ ...message, id }, extra);
    }
    if (answers.length === 0) return { status: 202, body: null };
    const done = await Promise.all(answers);
    // As the SDK transport: one answer alone, several as an array.
    return { status: 200, body: done.length === 1 ? done[0] : done };
  }
}
