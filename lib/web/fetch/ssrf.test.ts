import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FixtureSite, startFixtureSite, testPolicy } from "../testing/fixture-site";
import { FetchFailure, guardedFetch } from "./guarded-fetch";

/** Names a custom resolver answers with private addresses (as an attacker's DNS would). */
const HOSTS: Record<string, string | readonly string[]> = {
  localhost: "127.0.0.1",
  "metadata.attacker.test": "169.254.169.254",
  "ten.attacker.test": "10.1.2.3",
  "cgnat.attacker.test": "100.100.100.100",
  "v6-loopback.attacker.test": "::1",
  "v6-ula.attacker.test": "fd12:3456::1",
  "mapped.attacker.test": "::ffff:192.168.0.10",
  "nat64.attacker.test": "64:ff9b::a9fe:a9fe",
  "sixtofour.attacker.test": "2002:c0a8:0001::1",
  "mixed.attacker.test": ["93.184.216.34", "127.0.0.1"],
  "zero.attacker.test": "0.0.0.0",
  "multicast.attacker.test": "239.255.255.250",
  "linklocal6.attacker.test": "fe80::1",
};

/** Every one of these must be refused before any connection is made. */
const CORPUS = [
  // IPv4 loopback in every spelling the URL parser accepts
  "http://127.0.0.1/",
  "http://127.1/",
  "http://127.0.1/",
  "http://2130706433/",
  "http://0x7f000001/",
  "http://0x7f.0x0.0x0.0x1/",
  "http://0177.0.0.1/",
  "http://017700000001/",
  "http://127.000.000.001/",
  "http://%31%32%37.0.0.1/",
  "http://127.255.255.254:8080/",
  "http://user:pass@127.0.0.1/",
  "http://example.com@127.0.0.1/",
  "http://127.0.0.1#@example.com/",
  "http://example.com:80@127.0.0.1/",
  "http://a@example.com@127.0.0.1/",
  "http://user@[::1]/",
  "http://user:pass@metadata.attacker.test/latest/meta-data/",
  // credentials in the query do not make an address fetchable
  "http://169.254.169.254/latest/meta-data/?token=x&X-Amz-Signature=y",
  "http://127.0.0.1/;jsessionid=0A1B?api_key=k",
  // unspecified
  "http://0/",
  "http://0.0.0.0/",
  "http://[::]/",
  // private, CGNAT, link-local / cloud metadata, multicast, reserved
  "http://10.0.0.1/",
  "http://172.16.0.1/",
  "http://172.31.255.255/",
  "http://192.168.1.1/",
  "http://100.64.0.1/",
  "http://100.127.255.254/",
  "http://169.254.169.254/latest/meta-data/",
  "http://0xa9fea9fe/",
  "http://2852039166/",
  "http://224.0.0.1/",
  "http://239.1.2.3/",
  "http://255.255.255.255/",
  "http://240.0.0.1/",
  "http://198.18.0.1/",
  "http://192.0.0.8/",
  // IPv6 forms
  "http://[::1]/",
  "http://[0:0:0:0:0:0:0:1]/",
  "http://[::ffff:127.0.0.1]/",
  "http://[::ffff:7f00:1]/",
  "http://[0:0:0:0:0:ffff:127.0.0.1]/",
  "http://[::ffff:169.254.169.254]/",
  "http://[::ffff:a9fe:a9fe]/",
  "http://[::ffff:10.0.0.1]/",
  "http://[::ffff:0:127.0.0.1]/",
  "http://[64:ff9b::127.0.0.1]/",
  "http://[64:ff9b::a9fe:a9fe]/",
  "http://[64:ff9b:1::a00:1]/",
  "http://[2002:7f00:1::]/",
  "http://[2002:a9fe:a9fe::1]/",
  "http://[::127.0.0.1]/",
  "http://[fc00::1]/",
  "http://[fd00:ec2::254]/",
  "http://[fe80::1]/",
  "http://[fec0::1]/",
  "http://[ff02::1]/",
  "http://[100::1]/",
  "http://[2001:db8::1]/",
  "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
  // names whose DNS answers are private
  "http://localhost/",
  "http://LOCALHOST./",
  "http://metadata.attacker.test/latest/meta-data/",
  "http://ten.attacker.test/",
  "http://cgnat.attacker.test/",
  "http://v6-loopback.attacker.test/",
  "http://v6-ula.attacker.test/",
  "http://mapped.attacker.test/",
  "http://nat64.attacker.test/",
  "http://sixtofour.attacker.test/",
  "http://mixed.attacker.test/",
  "http://zero.attacker.test/",
  "http://multicast.attacker.test/",
  "http://linklocal6.attacker.test/",
  "https://metadata.attacker.test/",
];

async function failureOf(promise: Promise<unknown>): Promise<FetchFailure> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof FetchFailure) return e;
    throw e;
  }
  throw new Error("expected the fetch to fail");
}

describe("SSRF guard", () => {
  let allowed: FixtureSite;
  let forbidden: FixtureSite;

  beforeAll(async () => {
    forbidden = await startFixtureSite({ "/": { body: "<p>internal secret</p>" } });
    allowed = await startFixtureSite({
      "/": { body: "<p>public page</p>" },
      "/to-forbidden": { status: 302, headers: { location: `http://127.0.0.1:${forbidden.port}/` } },
      "/to-forbidden-v6": { status: 301, headers: { location: `http://[::ffff:127.0.0.1]:${forbidden.port}/` } },
      "/to-metadata": { status: 307, headers: { location: "http://169.254.169.254/latest/meta-data/" } },
      "/to-decimal": { status: 302, headers: { location: "http://2130706433/" } },
      "/to-private-name": { status: 308, headers: { location: "http://ten.attacker.test/" } },
      "/chain": { status: 302, headers: { location: "/chain-2" } },
      "/chain-2": { status: 302, headers: { location: `http://127.0.0.1:${forbidden.port}/` } },
      "/to-forbidden-userinfo": { status: 302, headers: { location: `http://site.test:80@127.0.0.1:${forbidden.port}/?token=t` } },
    });
  });
  afterAll(async () => {
    await allowed.close();
    await forbidden.close();
  });

  const policy = () => testPolicy({ allow: [`127.0.0.1:${allowed.port}`], hosts: { ...HOSTS, "site.test": "127.0.0.1" } });

  it("has a corpus of at least 40 addresses and tricks", () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(CORPUS).size).toBe(CORPUS.length);
  });

  it.each(CORPUS)("refuses %s", async (url) => {
    const failure = await failureOf(guardedFetch(url, policy()));
    expect(failure.code).toBe("BLOCKED_ADDRESS");
  });

  it("reaches an allowlisted loopback server, and only on its allowlisted port", async () => {
    const res = await guardedFetch(`${allowed.origin}/`, policy());
    expect(res.status).toBe(200);
    expect(res.body.toString()).toContain("public page");
    const other = await failureOf(guardedFetch(`http://127.0.0.1:${forbidden.port}/`, policy()));
    expect(other.code).toBe("BLOCKED_ADDRESS");
    const byName = await guardedFetch(`http://site.test:${allowed.port}/`, policy());
    expect(byName.address).toBe("127.0.0.1");
  });

  it.each(["/to-forbidden", "/to-forbidden-v6", "/to-metadata", "/to-decimal", "/to-private-name", "/chain", "/to-forbidden-userinfo"])(
    "re-checks the redirect target of %s and refuses it",
    async (path) => {
      const before = forbidden.requests.length;
      const failure = await failureOf(guardedFetch(`${allowed.origin}${path}`, policy()));
      expect(failure.code).toBe("BLOCKED_ADDRESS");
      expect(forbidden.requests.length).toBe(before);
    },
  );

  it("connects to the address it vetted: a resolver that changes its answer afterwards is never asked again", async () => {
    const answers = ["127.0.0.1", "10.0.0.1"];
    const asked: string[] = [];
    const rebinding = {
      ...policy(),
      resolver: async (host: string) => {
        asked.push(host);
        return [{ address: answers[Math.min(asked.length - 1, 1)]!, family: 4 as const }];
      },
    };
    const res = await guardedFetch(`http://rebind.test:${allowed.port}/`, rebinding);
    expect(res.body.toString()).toContain("public page");
    expect(res.address).toBe("127.0.0.1");
    expect(asked).toEqual(["rebind.test"]);
  });

  it("names the rule, never the internal address a name resolved to", async () => {
    const failure = await failureOf(guardedFetch("http://inside.test/", testPolicy({ allow: [], hosts: { "inside.test": "10.1.2.3" } })));
    expect(failure.code).toBe("BLOCKED_ADDRESS");
    expect(failure.message).toMatch(/inside\.test.*non-public.*10\.0\.0\.0\/8/);
    expect(failure.message).not.toContain("10.1.2.3");
  });

  it("is not switched off by an allowlist entry for another port or by a CIDR of another range", async () => {
    const narrow = testPolicy({ allow: ["10.0.0.0/8", `127.0.0.1:${forbidden.port + 1}`] });
    const failure = await failureOf(guardedFetch(`${allowed.origin}/`, narrow));
    expect(failure.code).toBe("BLOCKED_ADDRESS");
  });
});
