import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../config";
import { parseIp } from "../net/ip-address";
import { fetchPolicyFromConfig } from "./scraper";

describe("fetch policy from the configuration", () => {
  it("names the service and the deployment's public URL in the user agent", () => {
    const policy = fetchPolicyFromConfig(parseConfig({ PUBLIC_URL: "https://desk.example.com/" }));
    expect(policy.userAgent).toMatch(/^BourseBot\/\d+\.\d+\.\d+ \(\+https:\/\/desk\.example\.com\)$/);
    expect(policy.maxRedirects).toBe(5);
  });

  it("takes limits and the allowlist from the environment, and blocks every private address by default", () => {
    const defaults = fetchPolicyFromConfig(parseConfig({}));
    expect(defaults.allow(parseIp("127.0.0.1")!, 80)).toBe(false);
    expect(defaults.allow(parseIp("10.0.0.1")!, 80)).toBe(false);
    const policy = fetchPolicyFromConfig(
      parseConfig({ WEB_FETCH_ALLOW: "127.0.0.1:8080, 10.20.0.0/16", WEB_FETCH_TIMEOUT_MS: "2500", WEB_FETCH_MAX_BYTES: "65536", WEB_CRAWL_CONCURRENCY: "2" }),
    );
    expect(policy.allow(parseIp("127.0.0.1")!, 8080)).toBe(true);
    expect(policy.allow(parseIp("127.0.0.1")!, 8081)).toBe(false);
    expect(policy.allow(parseIp("10.20.3.4")!, 443)).toBe(true);
    expect([policy.timeoutMs, policy.maxBodyBytes, policy.crawlConcurrency]).toEqual([2500, 65536, 2]);
  });

  it("refuses an allowlist entry it cannot read, naming the variable", () => {
    expect(() => parseConfig({ WEB_FETCH_ALLOW: "127.0.0.1:8080,*" })).toThrow(ConfigError);
    expect(() => parseConfig({ WEB_FETCH_ALLOW: "localhost:80" })).toThrow(/WEB_FETCH_ALLOW/);
  });
});
