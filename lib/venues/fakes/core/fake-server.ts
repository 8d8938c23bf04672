import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The query string as sent, without the "?" (signatures are computed over it). */
  rawQuery: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  ip: string;
}

export interface FakeResponse {
  status: number;
  /** A string is sent as text; anything else as JSON. */
  body: unknown;
  headers?: Record<string, string>;
}

export interface FakeServerHandlers {
  http(req: FakeRequest): FakeResponse | Promise<FakeResponse>;
  /** An HTTP status to refuse a websocket upgrade with (maintenance, unknown path), or undefined to accept it. */
  refuseUpgrade(path: string): number | undefined;
  websocket(socket: WebSocket, path: string, query: URLSearchParams): void;
}

export interface FakeServer {
  /** http://127.0.0.1:port */
  url: string;
  /** ws://127.0.0.1:port */
  wsUrl: string;
  /** Cuts every open websocket without a closing handshake, as a network failure would. */
  dropWebSockets(): void;
  /** How many websockets are open now. */
  openWebSockets(): number;
  close(): Promise<void>;
}

/** An HTTP and WebSocket server on loopback for a fake venue; port 0 (the default) lets the OS pick a free one. */
export async function startFakeServer(handlers: FakeServerHandlers, port = 0): Promise<FakeServer> {
  const sockets = new Set<Socket>();
  const webSockets = new Set<WebSocket>();
  const wss = new WebSocketServer({ noServer: true });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const request: FakeRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        rawQuery: url.search.slice(1),
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        ip: req.socket.remoteAddress ?? "",
      };
      Promise.resolve()
        .then(() => handlers.http(request))
        .catch((err: unknown): FakeResponse => ({ status: 500, body: `fake venue failed: ${err instanceof Error ? err.message : String(err)}` }))
        .then((response) => send(res, response));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.on("upgrade", (req, socket, head) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const refused = handlers.refuseUpgrade(url.pathname);
    if (refused !== undefined) {
      socket.end(`HTTP/1.1 ${refused} ${http.STATUS_CODES[refused] ?? ""}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      webSockets.add(ws);
      ws.on("close", () => webSockets.delete(ws));
      handlers.websocket(ws, url.pathname, url.searchParams);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    wsUrl: `ws://127.0.0.1:${bound}`,
    dropWebSockets: () => {
      for (const ws of webSockets) ws.terminate();
    },
    openWebSockets: () => webSockets.size,
    close: async () => {
      for (const ws of webSockets) ws.terminate();
      await new Promise<void>((resolve) => {
        wss.close(() => resolve());
      });
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

function send(res: http.ServerResponse, response: FakeResponse): void {
  const text = typeof response.body === "string" ? response.body : JSON.stringify(response.body);
  const type = typeof response.body === "string" ? "text/plain; charset=utf-8" : "application/json";
  res.writeHead(response.status, { "Content-Type": type, "Content-Length": Buffer.byteLength(text), ...response.headers });
  res.end(text);
}

/** Sends JSON to a websocket if it is still open. */
export function sendJson(socket: WebSocket, message: unknown): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}
