import { describe, expect, it } from "vitest";
import { documentBody, parseHtml } from "./dom";
import { plainText } from "./plain-text";
import { prune } from "./prune";

/** The page's body pruned, as its text. */
function pruned(body: string): string {
  const root = documentBody(parseHtml(`<html><body>${body}</body></html>`))!;
  prune(root);
  return plainText([root]);
}

describe("prune: blocks named boilerplate", () => {
  // A blog's front page of three posts, the first laid out wide under a name its theme took from banners.
  const post = (topic: string) =>
    `<h2>Notes on ${topic}</h2><p>This week we fired ${topic} twice, and the second firing went slower, so the glaze had time to heal.</p>`;
  const front = (tag: string) =>
    `<${tag} class="featured banner-wide">${post("stoneware")}</${tag}><article>${post("porcelain")}</article><article>${post("raku")}</article>`;

  it("never removes an <article> for its class, where a <div> so named goes", () => {
    const out = pruned(front("article"));
    expect(out).toContain("we fired stoneware twice");
    expect(out).toContain("we fired raku twice");
    expect(pruned(front("div"))).not.toContain("we fired stoneware twice");
  });
});
