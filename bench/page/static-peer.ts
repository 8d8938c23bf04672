// The lower bound: a bare static HTML page (no script) with a heading and a table of the size of the
// symbol page's book, served by node:http on loopback.
import { createServer, type Server } from "node:http";
import { freePort } from "../../lib/testing/free-port";

const rows = Array.from(
  { length: 28 },
  (_, i) => `<tr><td>${(62_000 + i).toFixed(1)}</td><td>0.${String(1000 + i * 37).slice(0, 4)}</td><td>${(i * 0.7).toFixed(4)}</td></tr>`,
).join("");
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>BTC-USD</title>
<style>body{font-family:sans-serif;background:#14161c;color:#eee;margin:2rem}td{padding:2px 12px;font-family:monospace}</style></head>
<body><h1>BTC-USD perpetual</h1><p>62,331.6 −1.24%</p><table>${rows}</table></body></html>`;

export async function startStaticPeer(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const server: Server = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGE));
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}/`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}
