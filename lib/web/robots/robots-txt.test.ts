import { describe, expect, it } from "vitest";
import { ALLOW_ALL, DISALLOW_ALL, isAllowed, normalizePath, parseRobotsTxt } from "./robots-txt";

const allowed = (txt: string, path: string, token = "BourseBot") => isAllowed(parseRobotsTxt(txt, token), path);

describe("robots.txt (RFC 9309)", () => {
  it("picks the most specific (longest) match", () => {
    const txt = "User-agent: *\nDisallow: /shop\nAllow: /shop/public\nDisallow: /shop/public/secret";
    expect(allowed(txt, "/shop/cart")).toBe(false);
    expect(allowed(txt, "/shop/public/item")).toBe(true);
    expect(allowed(txt, "/shop/public/secret/x")).toBe(false);
    expect(allowed(txt, "/about")).toBe(true);
  });

  it("lets allow win a tie", () => {
    expect(allowed("User-agent: *\nDisallow: /page\nAllow: /page", "/page")).toBe(true);
    expect(allowed("User-agent: *\nAllow: /page\nDisallow: /page", "/page")).toBe(true);
  });

  it("obeys our group, matched case-insensitively and without version, over the * group", () => {
    const txt = "User-agent: *\nDisallow: /\n\nUser-agent: boursebot/2.0\nDisallow: /private\n";
    expect(allowed(txt, "/public")).toBe(true);
    expect(allowed(txt, "/private/x")).toBe(false);
    expect(allowed(txt, "/public", "OtherBot")).toBe(false);
  });

  it("merges every group that names us, including groups with several user-agent lines", () => {
    const txt = "User-agent: Googlebot\nUser-agent: BourseBot\nDisallow: /a\n\nUser-agent: Bingbot\nDisallow: /b\n\nUser-agent: BourseBot\nDisallow: /c\n";
    expect(allowed(txt, "/a")).toBe(false);
    expect(allowed(txt, "/b")).toBe(true);
    expect(allowed(txt, "/c")).toBe(false);
  });

  it("is unrestricted when no group matches and there is no * group", () => {
    expect(allowed("User-agent: Googlebot\nDisallow: /", "/anything")).toBe(true);
  });

  it("understands * and $ in paths", () => {
    const txt = "User-agent: *\nDisallow: /*.pdf$\nDisallow: /search*q=\nAllow: /$\nDisallow: /";
    expect(allowed(txt, "/")).toBe(true);
    expect(allowed(txt, "/files/a.pdf")).toBe(false);
    expect(allowed("User-agent: *\nDisallow: /*.pdf$", "/files/a.pdf?download=1")).toBe(true);
    expect(allowed("User-agent: *\nDisallow: /*.pdf$", "/files/a.pdf")).toBe(false);
    expect(allowed(txt, "/search?lang=en&q=test")).toBe(false);
    expect(allowed(txt, "/index.html")).toBe(false);
  });

  it("ignores empty rules, comments, unknown lines and rules before any user-agent", () => {
    const txt = "Disallow: /early\n# comment\nUser-agent: * # all\nDisallow:\nCrawl-delay: 10\nSitemap: https://x/s.xml\nDisallow: /late # trailing";
    expect(allowed(txt, "/early")).toBe(true);
    expect(allowed(txt, "/late/page")).toBe(false);
    expect(allowed(txt, "/other")).toBe(true);
  });

  it("compares percent-encoded octets in normal form", () => {
    expect(normalizePath("/%7efoo/ä")).toBe("/~foo/%C3%A4");
    expect(normalizePath("/a%2fb")).toBe("/a%2Fb");
    expect(allowed("User-agent: *\nDisallow: /~joe/", "/%7Ejoe/index.html")).toBe(false);
    expect(allowed("User-agent: *\nDisallow: /café", "/caf%C3%A9/menu")).toBe(false);
    expect(allowed("User-agent: *\nDisallow: /a%2Fb", "/a/b")).toBe(true);
  });

  it("always allows /robots.txt, and has allow-all and disallow-all forms", () => {
    expect(allowed("User-agent: *\nDisallow: /", "/robots.txt")).toBe(true);
    expect(isAllowed(ALLOW_ALL, "/x")).toBe(true);
    expect(isAllowed(DISALLOW_ALL, "/x")).toBe(false);
    expect(isAllowed(DISALLOW_ALL, "/")).toBe(false);
  });
});
