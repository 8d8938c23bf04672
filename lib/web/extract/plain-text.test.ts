import { describe, expect, it } from "vitest";
import { parseHtml } from "./dom";
import { plainText } from "./plain-text";

const text = (html: string) => plainText([parseHtml(html)]);

describe("plain text", () => {
  it("drops paragraphs of characters nothing shows (zero-width joiners and spaces, soft hyphens)", () => {
    expect(text("<p>\u200d</p><p>Words</p><p>\u200b \u00ad\ufeff</p><ul><li>\u200c</li></ul><p>\u200bKept</p>")).toBe("Words\n\n\u200bKept");
  });

  it("collapses whitespace in paragraphs and keeps it in code", () => {
    expect(text("<p>one   two\n three</p><pre>a  = 1\n  b = 2</pre>")).toBe("one two three\n\na  = 1\n  b = 2");
  });

  it("keeps a highlighted code block one paragraph, a line of code per line", () => {
    const shiki =
      '<p>Run:</p><pre><code><span class="line"><span>npm</span><span> create vite</span></span><span class="line"><span>cd</span><span> app</span></span></code></pre><p>Done.</p>';
    expect(text(shiki)).toBe("Run:\n\nnpm create vite\ncd app\n\nDone.");
    expect(text("<pre><div>one</div><div>two</div></pre>")).toBe("one\ntwo");
  });

  it("parts the words of elements laid out side by side, not the runs of a paragraph nor a word's parts", () => {
    // A card's row: the author's name, the date, a product's badge; an endpoint's method and path.
    expect(text('<div class="meta"><span>Lawrence Ulrich</span><span><time>Mar 7</time></span></div>')).toBe("Lawrence Ulrich Mar 7");
    expect(text('<a href="/c"><span>POST</span><span>/v1/charges</span></a><a href="/r"><span>GET</span><span>/v1/refunds</span></a>')).toBe(
      "POST/v1/charges GET/v1/refunds",
    );
    // Inside prose spans are runs of one line; a formatting tag marks part of a word; letters animated one by one.
    expect(text("<p><span>Le</span><span>arn more about descaling</span></p>")).toBe("Learn more about descaling");
    expect(text("<div><b>W</b><i>ord</i> and <span>un</span><em>believable</em></div>")).toBe("Word and unbelievable");
    expect(text("<div><span>s</span><span>t</span><span>a</span><span>r</span><span>t</span></div>")).toBe("start");
    // An ordinal's suffix set in smaller type; spaces already there are kept as they are.
    expect(text("<div><span>455 N. 3</span><span>rd St.</span></div>")).toBe("455 N. 3rd St.");
    expect(text("<div><span>one</span> <span>two</span></div>")).toBe("one two");
  });
});
