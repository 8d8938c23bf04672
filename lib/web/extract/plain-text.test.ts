import { describe, expect, it } from "vitest";
import { parseHtml } from "./dom";
import { plainText } from "./plain-text";

const text = (html: string) => plainText([parseHtml(html)]);

describe("plain text", () => {
  it("collapses whitespace in paragraphs and keeps it in code", () => {
    expect(text("<p>one   two\n three</p><pre>a  = 1\n  b = 2</pre>")).toBe("one two three\n\na  = 1\n  b = 2");
  });

  it("keeps a highlighted code block one paragraph, a line of code per line", () => {
    const shiki =
      '<p>Run:</p><pre><code><span class="line"><span>npm</span><span> create vite</span></span><span class="line"><span>cd</span><span> app</span></span></code></pre><p>Done.</p>';
    expect(text(shiki)).toBe("Run:\n\nnpm create vite\ncd app\n\nDone.");
    expect(text("<pre><div>one</div><div>two</div></pre>")).toBe("one\ntwo");
  });
});
