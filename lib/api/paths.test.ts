import { describe, expect, it } from "vitest";
import { isApiPath, isSearchApiPath } from "./paths";

describe("API path families", () => {
  it.each(["/api", "/api/openapi.json", "/api/token-pairs", "/api/web/health", "/api/web", "/api/authorize"])("%s is API", (p) => {
    expect(isApiPath(p)).toBe(true);
  });

  it.each([
    "/",
    "/api-docs",
    "/apix",
    "/api/auth",
    "/api/auth/session",
    "/reference",
    "/_next/static/x.js",
    "/robots.txt",
    "/manifest.webmanifest",
    "/favicon.ico",
    "/icons/icon-192.png",
  ])("%s is dashboard", (p) => {
    expect(isApiPath(p)).toBe(false);
  });

  it("tells the search API from the trading API", () => {
    expect(isSearchApiPath("/api/web/v1/search")).toBe(true);
    expect(isSearchApiPath("/api/webhooks")).toBe(false);
    expect(isSearchApiPath("/api/token-pairs")).toBe(false);
  });
});
