import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "./client-ip";
import { createDispatcher } from "./dispatch";

// A real server on loopback with two stand-in handlers, to check where each path goes.
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer(
    createDispatcher({
      api: (_req, res) => res.end("api"),
      next: (_req, res) => res.end("next"),
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("createDispatcher", () => {
  it.each([
    ["/api/openapi.json?x=1", "api"],
    ["/api/web/health", "api"],
    ["/api/auth/session", "next"],
    ["/", "next"],
    ["/keys", "next"],
  ])("sends %s to %s", async (path, expected) => {
    const res = await fetch(base + path);
    expect(await res.text()).toBe(expected);
  });

  it("stamps a request id on dashboard responses and keeps a well-formed one", async () => {
    const fresh = await fetch(`${base}/`);
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await fetch(`${base}/`, { headers: { "x-request-id": "abc-123" } });
    expect(kept.headers.get("x-request-id")).toBe("abc-123");
  });
});

describe("the client address handed to the dashboard", () => {
  let echo: Server;
  let echoBase: string;
  beforeAll(async () => {
    echo = createServer(
      createDispatcher({
        api: (req, res) => res.end(String(req.headers[CLIENT_IP_HEADER])),
        next: (req, res) => res.end(String(req.headers[CLIENT_IP_HEADER])),
        clientIp: (req) => (req.headers["x-test-no-address"] ? undefined : req.socket.remoteAddress),
      }),
    );
    await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
    echoBase = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => echo.close(() => resolve())));

  it("is the resolved address, never the client's claim", async () => {
    expect(await (await fetch(`${echoBase}/sign-in`, { headers: { [CLIENT_IP_HEADER]: "203.0.113.1" } })).text()).toBe("127.0.0.1");
    const none = await fetch(`${echoBase}/sign-in`, { headers: { [CLIENT_IP_HEADER]: "203.0.113.1", "x-test-no-address": "1" } });
    expect(await none.text()).toBe("undefined");
  });
});
