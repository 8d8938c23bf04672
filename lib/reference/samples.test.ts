import { describe, expect, it } from "vitest";
import { bearer, curlCommand, fetchSnippet } from "./samples";

const call = (secret: string | null) => ({
  method: "post",
  url: "http://localhost:3000/api/web/v1/search",
  headers: [bearer(secret), ["Idempotency-Key", "run-1"]] as const,
  body: { query: 'it\'s "quoted"', max_results: 5 },
});

describe("curlCommand", () => {
  it("leaves a masked key to the shell and quotes the body for it", () => {
    expect(curlCommand(call(null))).toBe(
      [
        "curl -X POST http://localhost:3000/api/web/v1/search \\",
        '  -H "Authorization: Bearer $BOURSE_KEY" \\',
        "  -H 'Idempotency-Key: run-1' \\",
        "  -H 'Content-Type: application/json' \\",
        `  --data '{"query":"it'\\''s \\"quoted\\"","max_results":5}'`,
      ].join("\n"),
    );
  });

  it("fills a chosen key in single quotes", () => {
    expect(curlCommand(call("bourse_sr_live_abc"))).toContain("-H 'Authorization: Bearer bourse_sr_live_abc'");
    expect(curlCommand({ method: "GET", url: "http://h/api/markets?limit=2&x=1", headers: [] })).toBe("curl -X GET 'http://h/api/markets?limit=2&x=1'");
  });
});

describe("fetchSnippet", () => {
  it("reads a masked key from the environment and sends the body as JSON", () => {
    const code = fetchSnippet(call(null));
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the generated TypeScript
    expect(code).toContain('"Authorization": `Bearer ${process.env.BOURSE_KEY}`,');
    expect(code).toContain('"Content-Type": "application/json",');
    expect(code).toContain('"query": "it\'s \\"quoted\\""');
    expect(fetchSnippet(call("k1"))).toContain('"Authorization": "Bearer k1",');
  });
});
