import { createServer } from "node:http";
import next from "next";
import { getRequestListener } from "@hono/node-server";
import { getConfig } from "./lib/config";
import { createLogger } from "./lib/log";
import { createApi } from "./lib/api/app";
import { createDispatcher } from "./lib/http/dispatch";
import { securityHeaders } from "./lib/http/security-headers";
import { clientIpResolver } from "./lib/http/client-ip";
import { bookFastLane } from "./lib/api/trading/book-fast-lane";
import { startServices } from "./lib/server/services";
import { publishServices } from "./lib/server/registry";
import { makeBuiltinPrototypesFast } from "./lib/runtime/fast-prototypes";

/** One Node HTTP server: the two APIs through Hono, the dashboard through Next. */
async function main(): Promise<void> {
  const config = getConfig();
  const log = createLogger(config.logLevel);
  const services = await startServices({ config, log });
  // The dashboard (Next's bundle, same process) reaches the same database handle through this.
  publishServices(services);
  // next-auth builds its callback URLs from this.
  process.env.NEXTAUTH_URL ??= config.publicUrl;
  const api = createApi(services.deps);

  const server = createServer();
  const resolveClientIp = clientIpResolver(config.trustedProxies);
  const nextApp = next({ dev: config.env === "development", dir: process.cwd(), port: config.port, httpServer: server });
  await nextApp.prepare();
  // Every module is loaded now: undo what a library's `extends String` did to String.prototype.
  makeBuiltinPrototypesFast();

  server.on(
    "request",
    createDispatcher({
      api: getRequestListener(api.fetch),
      next: nextApp.getRequestHandler(),
      fastLanes: [bookFastLane(services.deps)],
      headers: securityHeaders({ development: config.env === "development" }),
      clientIp: (req) => resolveClientIp(req.socket.remoteAddress, req.headers["x-forwarded-for"]?.toString()),
    }),
  );
  server.on("upgrade", nextApp.getUpgradeHandler());
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    log.info({ port, env: config.env, publicUrl: config.publicUrl }, `Bourse listening on http://localhost:${port}`);
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    server.close();
    server.closeAllConnections();
    await nextApp.close().catch(() => {});
    await services.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((err: unknown) => {
  // Start-up failures (bad config, data folder in use, database down) are reported plainly.
  console.error(err instanceof Error ? `Bourse could not start: ${err.message}` : err);
  process.exit(1);
});
