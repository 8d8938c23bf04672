import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FixtureSite, startFixtureSite, testPolicy } from "../testing/fixture-site";
import { FetchFailure, guardedFetch } from "./guarded-fetch";

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof FetchFailure) return e.code;
    throw e;
  }
  return "OK";
}

describe("guardedFetch", () => {
  let site: FixtureSite;
  const policy = (extra: Partial<Parameters<typeof testPolicy>[0]> = {}) =>
    testPolicy({ allow: [`127.0.0.1:${site.port}`], hosts: { "site.test": "127.0.0.1" }, ...extra });

  beforeAll(async () => {
    site = await startFixtureSite({
      "/page": { body: "<p>hello</p>" },
      "/gzip": { headers: { "content-encoding": "gzip" }, body: gzipSync(Buffer.from("<p>compressed</p>")) },
      "/big": { body: "x".repeat(5000) },
      "/bomb": { headers: { "content-encoding": "gzip" }, body: gzipSync(Buffer.alloc(10_000_000)) },
      "/slow": { body: "late", delayMs: 2_000 },
      "/stream-forever": (_req, res) => {
        res.writeHead(200, { "content-type": "text/html" });
        const timer = setInterval(() => res.write(`<p>${"more ".repeat(200)}</p>`), 5);
        res.on("close", () => clearInterval(timer));
      },
      "/ftp": { status: 302, headers: { location: "ftp://example.com/file" } },
      "/r0": { status: 301, headers: { location: "/r1" } },
      "/r1": { status: 302, headers: { location: "/r2" } },
      "/r2": { status: 303, headers: { location: "/r3" } },
      "/r3": { status: 307, headers: { location: "/r4" } },
      "/r4": { status: 308, headers: { location: "/r5" } },
      "/r5": { status: 302, headers: { location: "/page" } },
      "/loop": { status: 302, headers: { location: "/loop" } },
      "/echo-credentials": (req, res) => {
        res.writeHead(200, { "content-type": "text/plain" });
        res.end(JSON.stringify({ authorization: req.headers.authorization ?? null, cookie: req.headers.cookie ?? null, host: req.headers.host }));
      },
      "/to-userinfo": (_req, res) => {
        res.writeHead(302, { location: `http://agent:hunter2@127.0.0.1:${site.port}/echo-credentials` });
        res.end();
      },
    });
  });
  afterAll(() => site.close());

  it("fetches a page and sends the identifying user agent with its contact URL", async () => {
    const res = await guardedFetch(`http://site.test:${site.port}/page`, policy());
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe("<p>hello</p>");
    expect(site.userAgents.at(-1)).toBe("BourseBot/test (+http://bourse.test)");
  });

  it("never sends credentials: userinfo in the URL or a redirect is not turned into an Authorization header", async () => {
    for (const url of [`http://agent:hunter2@127.0.0.1:${site.port}/echo-credentials`, `${site.origin}/to-userinfo`]) {
      const res = await guardedFetch(url, policy());
      expect(JSON.parse(res.body.toString())).toEqual({ authorization: null, cookie: null, host: `127.0.0.1:${site.port}` });
    }
  });

  it("decompresses gzip bodies", async () => {
    const res = await guardedFetch(`${site.origin}/gzip`, policy());
    expect(res.body.toString()).toBe("<p>compressed</p>");
  });

  it("follows at most five redirects", async () => {
    const res = await guardedFetch(`${site.origin}/r1`, policy());
    expect(res.finalUrl).toBe(`${site.origin}/page`);
    expect(await codeOf(guardedFetch(`${site.origin}/r0`, policy()))).toBe("TOO_MANY_REDIRECTS");
    expect(await codeOf(guardedFetch(`${site.origin}/loop`, policy()))).toBe("TOO_MANY_REDIRECTS");
  });

  it("refuses redirects to other schemes and non-http URLs", async () => {
    expect(await codeOf(guardedFetch(`${site.origin}/ftp`, policy()))).toBe("INVALID_URL");
    expect(await codeOf(guardedFetch("file:///etc/passwd", policy()))).toBe("INVALID_URL");
    expect(await codeOf(guardedFetch("javascript:alert(1)", policy()))).toBe("INVALID_URL");
    expect(await codeOf(guardedFetch("not a url", policy()))).toBe("INVALID_URL");
  });

  it("caps the body, compressed or not, and can truncate instead", async () => {
    expect(await codeOf(guardedFetch(`${site.origin}/big`, policy({ maxBodyBytes: 1000 })))).toBe("BODY_TOO_LARGE");
    expect(await codeOf(guardedFetch(`${site.origin}/bomb`, policy({ maxBodyBytes: 100_000 })))).toBe("BODY_TOO_LARGE");
    expect(await codeOf(guardedFetch(`${site.origin}/stream-forever`, policy({ maxBodyBytes: 10_000 })))).toBe("BODY_TOO_LARGE");
    const cut = await guardedFetch(`${site.origin}/big`, policy({ maxBodyBytes: 1000 }), { truncateAt: 100 });
    expect(cut.body.length).toBe(100);
  });

  it("times out, whether the server is silent or the body never ends", async () => {
    expect(await codeOf(guardedFetch(`${site.origin}/slow`, policy({ timeoutMs: 200 })))).toBe("TIMEOUT");
    expect(await codeOf(guardedFetch(`${site.origin}/stream-forever`, policy({ timeoutMs: 200, maxBodyBytes: 1e9 })))).toBe("TIMEOUT");
  });

  it("reports unknown names and refused connections", async () => {
    expect(await codeOf(guardedFetch("http://nowhere.test/", policy()))).toBe("DNS_FAILURE");
    const closed = await startFixtureSite();
    const port = closed.port;
    await closed.close();
    expect(await codeOf(guardedFetch(`http://127.0.0.1:${port}/`, policy({ allow: [`127.0.0.1:${port}`] })))).toBe("CONNECTION_FAILED");
  });

  it("stops when the caller cancels", async () => {
    const controller = new AbortController();
    const pending = guardedFetch(`${site.origin}/slow`, policy(), { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await codeOf(pending)).toBe("TIMEOUT");
  });
});
