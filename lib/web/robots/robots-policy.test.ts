import { afterEach, describe, expect, it } from "vitest";
import { manualClock } from "../../clock";
import { type FixtureSite, type Route, startFixtureSite, testPolicy } from "../testing/fixture-site";
import { createRobotsPolicy, ROBOTS_MAX_BYTES } from "./robots-policy";

describe("robots policy", () => {
  const sites: FixtureSite[] = [];
  afterEach(async () => {
    await Promise.all(sites.splice(0).map((s) => s.close()));
  });

  async function setup(robots: Route | undefined, clock = manualClock()) {
    const site = await startFixtureSite(robots ? { "/robots.txt": robots } : {});
    sites.push(site);
    const policy = createRobotsPolicy({
      productToken: "BourseBot",
      fetchPolicy: testPolicy({ allow: [`127.0.0.1:${site.port}`], timeoutMs: 1500 }),
      clock,
      cacheEntries: 2,
    });
    const check = (path: string) => policy.allows(new URL(`${site.origin}${path}`));
    return { site, check, clock };
  }

  it("reads the file and applies it", async () => {
    const { check } = await setup({ headers: { "content-type": "text/plain" }, body: "User-agent: *\nDisallow: /private\n" });
    expect(await check("/private/a")).toBe(false);
    expect(await check("/public")).toBe(true);
  });

  it("allows everything when robots.txt is a 4xx", async () => {
    const { check } = await setup(undefined);
    expect(await check("/anything")).toBe(true);
    const gone = await setup({ status: 410 });
    expect(await gone.check("/anything")).toBe(true);
  });

  it("disallows everything when robots.txt is a 5xx or unreachable", async () => {
    const { check } = await setup({ status: 503, body: "busy" });
    expect(await check("/page")).toBe(false);
    const slow = await setup({ body: "User-agent: *\nAllow: /", delayMs: 3_000 });
    expect(await slow.check("/page")).toBe(false);
  });

  it("follows redirects to the file", async () => {
    const { site, check } = await setup({ status: 301, headers: { location: "/real-robots.txt" } });
    site.route("/real-robots.txt", { body: "User-agent: *\nDisallow: /x" });
    expect(await check("/x")).toBe(false);
    expect(await check("/y")).toBe(true);
  });

  it("reads at most 500 KiB: rules after that are ignored", async () => {
    const padding = `# ${"p".repeat(ROBOTS_MAX_BYTES)}\n`;
    const { check } = await setup({ body: `User-agent: *\nDisallow: /early\n${padding}Disallow: /late\n` });
    expect(await check("/early")).toBe(false);
    expect(await check("/late")).toBe(true);
  });

  it("fetches each origin once while cached, again after the TTL, and forgets the least recently used", async () => {
    const { site, check, clock } = await setup({ body: "User-agent: *\nDisallow: /no" });
    await Promise.all([check("/a"), check("/b"), check("/no")]);
    await check("/c");
    expect(site.requests.filter((r) => r === "/robots.txt")).toHaveLength(1);
    clock.advance(24 * 3600_000 + 1);
    await check("/a");
    expect(site.requests.filter((r) => r === "/robots.txt")).toHaveLength(2);
  });

  it("keeps at most the configured number of origins", async () => {
    const clock = manualClock();
    const a = await setup({ body: "User-agent: *\nAllow: /" }, clock);
    const b = await setup({ body: "User-agent: *\nAllow: /" }, clock);
    const c = await setup({ body: "User-agent: *\nAllow: /" }, clock);
    // each setup has its own policy; check eviction within one policy over three origins
    const policy = createRobotsPolicy({
      productToken: "BourseBot",
      fetchPolicy: testPolicy({ allow: [a, b, c].map((s) => `127.0.0.1:${s.site.port}`) }),
      clock,
      cacheEntries: 2,
    });
    for (const s of [a, b, c, a]) await policy.allows(new URL(`${s.site.origin}/`));
    expect(a.site.requests.filter((r) => r === "/robots.txt")).toHaveLength(2);
    expect(c.site.requests.filter((r) => r === "/robots.txt")).toHaveLength(1);
  });
});
