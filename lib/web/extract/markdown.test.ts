import { describe, expect, it } from "vitest";
import { parseHtml } from "./dom";
import { toMarkdown } from "./markdown";
import { plainText } from "./plain-text";

const md = (html: string) => toMarkdown([parseHtml(html)], "https://example.com/docs/page");

describe("Markdown rendering", () => {
  it("drops paragraphs of characters nothing shows (zero-width joiners and spaces, soft hyphens)", () => {
    expect(md("<p>\u200d</p><p>Words</p><p>\u200b \u00ad\ufeff</p><ul><li>\u200c</li></ul><p>\u200bKept</p>")).toBe("Words\n\n\u200bKept");
  });

  it("renders headings, paragraphs, emphasis, code and links", () => {
    expect(md('<h2>Install</h2><p>Run <code>npm i</code> <strong>now</strong>, see <a href="../guide">the <em>guide</em></a>.</p>')).toBe(
      "## Install\n\nRun `npm i` **now**, see [the _guide_](https://example.com/guide).",
    );
  });

  it("renders ordered and nested lists", () => {
    expect(md('<ol start="3"><li>three</li><li>four<ul><li>inner</li></ul></li></ol>')).toBe("3. three\n4. four\n\n   - inner");
  });

  it("indents lists nested up to twelve deep and sets deeper ones at that depth (a hundred unclosed items)", () => {
    const lines = md(`${"<ul><li>item".repeat(100)}<li>leaf</li>`)
      .split("\n")
      .filter((line) => line.trim() !== "");
    expect(lines).toHaveLength(101);
    expect(lines[1]).toBe("  - item");
    expect(Math.max(...lines.map((line) => line.length - line.trimStart().length))).toBe(2 * 12);
    expect(lines.at(-1)).toBe(`${" ".repeat(2 * 12)}- leaf`);
  });

  it("sets the lists deeper than twelve as one list under the item at that depth, each item before the items it holds", () => {
    const twelve = "<ul><li>level".repeat(12);
    const lines = md(`${twelve}<ul><li>a<ul><li>a1</li><ol><li>a2</li></ol></ul> tail</li><li>b</li></ul>`).split("\n");
    const under = " ".repeat(2 * 12);
    expect(lines.slice(-8)).toEqual([`${" ".repeat(2 * 11)}- level`, "", `${under}- a`, "", `${under}  tail`, `${under}- a1`, `${under}1. a2`, `${under}- b`]);
  });

  it("renders lists nested two hundred deep line by line: the levels past twelve are one list", () => {
    const levels = 200;
    const lines = md(`<ul>${"<li>x</li><li>y<ul>".repeat(levels)}`)
      .split("\n")
      .filter((line) => line.trim() !== "");
    expect(lines).toHaveLength(2 * levels);
    expect(lines[2 * 12 - 1]).toBe(`${" ".repeat(2 * 11)}- y`);
    expect(new Set(lines.slice(2 * 12))).toEqual(new Set([`${" ".repeat(2 * 12)}- x`, `${" ".repeat(2 * 12)}- y`]));
  });

  it("renders what browsers show of a list's other children: a list nested straight in it, items behind a wrapper, loose text", () => {
    expect(md("<ul><li>a</li><ul><li>b</li></ul><li>c</li></ul>")).toBe("- a\n\n  - b\n- c");
    expect(md("<ul><ul><li>only nested</li></ul></ul>")).toBe("- only nested");
    expect(md("<ol><div><li>x</li><li>y</li></div></ol>")).toBe("1. x\n2. y");
    expect(md("<ul><strong>Minimum:</strong><br><ul><li>OS: 10</li></ul></ul>")).toBe("**Minimum:**\n\n- OS: 10");
  });

  it("renders quotes, fenced code and rules", () => {
    expect(md("<blockquote><p>one</p><p>two</p></blockquote><pre>const a = 1;\nconst b = 2;</pre><hr>")).toBe(
      "> one\n>\n> two\n\n```\nconst a = 1;\nconst b = 2;\n```\n\n---",
    );
  });

  it("writes the language a code block declares on its fence, and struck text between tildes", () => {
    expect(md('<pre><code class="hljs language-TypeScript">let a = 1;</code></pre>')).toBe("```typescript\nlet a = 1;\n```");
    expect(md('<pre class="lang-py">x = 1</pre><pre data-language="rust">fn main() {}</pre>')).toBe("```py\nx = 1\n```\n\n```rust\nfn main() {}\n```");
    expect(md('<div class="highlight-source-shell"><pre>ls</pre></div><pre class="language-a`b">x</pre>')).toBe("```shell\nls\n```\n\n```\nx\n```");
    expect(md('<pre><code class="lang-auto">x</code></pre><pre class="language-none">y</pre>')).toBe("```\nx\n```\n\n```\ny\n```");
    expect(md("<p>was <del>$20</del> <s>now</s> $15</p>")).toBe("was ~~$20~~ ~~now~~ $15");
  });

  it("puts each line of highlighted code on its own line, with or without newlines in the markup", () => {
    const shiki =
      '<pre class="shiki"><code><span class="line"><span>npm</span><span> create vite</span></span><span class="line"><span>cd</span><span> app</span></span></code></pre>';
    expect(md(shiki)).toBe("```\nnpm create vite\ncd app\n```");
    const withNewlines = '<pre><code><span class="token-line">a = 1</span>\n<span class="token-line">b = 2</span></code></pre>';
    expect(md(withNewlines)).toBe("```\na = 1\nb = 2\n```");
    expect(md("<pre><div>one</div><div>two</div></pre>")).toBe("```\none\ntwo\n```");
    // An inline span that merely mentions a line is not one.
    expect(md('<pre>x = <span class="inline">1</span>;</pre>')).toBe("```\nx = 1;\n```");
  });

  it("renders tables with a header row", () => {
    expect(md("<table><tr><th>Plan</th><th>Credits</th></tr><tr><td>Starter</td><td>1|000</td></tr></table>")).toBe(
      "| Plan | Credits |\n| --- | --- |\n| Starter | 1\\|000 |",
    );
  });

  it("keeps spaces and line breaks at emphasis's edges outside its marks, and marks nested emphasis once", () => {
    expect(md("<p><b>How?</b><b><br> </b>Answer.</p>")).toBe("**How?**\\\nAnswer.");
    expect(md("<p>you</em>.<em><br>Also this.</em></p>")).toBe("you.\\\n_Also this._");
    expect(md("<p><strong><strong>Trend:</strong></strong> <em><em>quiet</em></em> <em>a<br>b</em></p>")).toBe("**Trend:** _quiet_ _a\\\nb_");
  });

  it("reads a table laying a page out as its cells' blocks, and a data table's caption before it", () => {
    expect(md("<table><tr><td><h2>Offer</h2><p>Save.</p></td><td><ul><li>a</li></ul></td></tr></table>")).toBe("## Offer\n\nSave.\n\n- a");
    expect(md("<table><tr><td>Only</td></tr><tr><td>column</td></tr></table>")).toBe("Only\n\ncolumn");
    expect(md('<table role="presentation"><tr><td>left</td><td>right</td></tr></table>')).toBe("left\n\nright");
    expect(md("<table><tr><td><p>One.</p><p>Two.</p></td><td>x</td></tr></table>")).toBe("One.\n\nTwo.\n\nx");
    expect(md("<table><caption>Plans</caption><tr><td>Starter</td><td><p>1,000</p></td></tr></table>")).toBe("Plans\n\n| Starter | 1,000 |\n| --- | --- |");
  });

  it("makes images absolute, escapes Markdown characters in text and skips non-http links", () => {
    expect(md('<p><img src="/a.png" alt="A [chart]"> 2 * 3 = _six_ <a href="javascript:x()">run</a></p>')).toBe(
      "![A \\[chart\\]](https://example.com/a.png) 2 \\* 3 = \\_six\\_ run",
    );
  });

  it("resolves links against the page's address, and normalises those that carry their own host", () => {
    expect(
      md('<p><a href="guide">a</a> <a href="//cdn.example.org/x">b</a> <a href=" HTTPS://Other.example/p?q=1 ">c</a> <a href="http:relative">d</a></p>'),
    ).toBe("[a](https://example.com/docs/guide) [b](https://cdn.example.org/x) [c](https://other.example/p?q=1) [d](http://relative/)");
  });

  it("parts elements laid out side by side as the plain text does, through links and emphasis", () => {
    expect(md('<div><a href="/a">Alice Smith</a><span>Mar 7</span></div>')).toBe("[Alice Smith](https://example.com/a) Mar 7");
    expect(md("<div><span>New</span><span>Waterproof boots</span></div>")).toBe("New Waterproof boots");
    expect(md("<p><span>Le</span><span>arn</span> more</p>")).toBe("Learn more");
  });

  it("lays out blocks inside inline elements as browsers do: a custom element or a span holding blocks is read through, a link stays one link", () => {
    expect(md("<c-wiz><div><h1>Cloud</h1><p>One.</p><p>Two.</p></div></c-wiz>")).toBe("# Cloud\n\nOne.\n\nTwo.");
    expect(md("<p>Intro <span>lead <div>block</div> tail</span></p>")).toBe("Intro lead\n\nblock\n\ntail");
    expect(md('<a href="/g"><div>Learning path</div>  <div>Foundations</div></a>')).toBe("[Learning path Foundations](https://example.com/g)");
  });

  it("writes a <br> as a hard line break (a backslash ending the line), one line in headings and table cells", () => {
    expect(md("<p><br>12 Quay Street <br> Dublin 2<br>- by the river<br></p>")).toBe("12 Quay Street\\\nDublin 2\\\n\\- by the river");
    expect(md("<h2>Opening<br>hours</h2><table><tr><th>Day</th></tr><tr><td>Mon<br>Tue</td></tr></table>")).toBe(
      "## Opening hours\n\n| Day |\n| --- |\n| Mon Tue |",
    );
    expect(md("<ul><li>first line<br>second line</li></ul>")).toBe("- first line\\\n  second line");
    // Breaks in a row part paragraphs, as they read; a link's words keep one break.
    expect(md("<p>one<br><br>two <br> <br><br>- three</p>")).toBe("one\n\ntwo\n\n\\- three");
    expect(md('<p><a href="/x"><br>Title<br><br>Subtitle<br></a></p>')).toBe("[Title\\\nSubtitle](https://example.com/x)");
    expect(md("<ul><li>one<br><br>two</li></ul>")).toBe("- one\n\n  two");
  });

  it("holds the words of the plain text of the same content, whatever its markup", () => {
    const page = [
      "<c-wiz><div><h1>Report</h1><p>Lead <em><br>with</em> <b><b>bold</b></b> text.</p></div></c-wiz>",
      "<ul><li>one</li><ul><li>nested</li></ul><div><li>wrapped</li></div><strong>Loose:</strong><br></ul>",
      "<table><caption>Sizes</caption><tr><th>Size</th><th>Price</th></tr><tr><td>S<br>small</td><td>10</td></tr></table>",
      "<table><tr><td><h2>Aside</h2><p>First.</p><p>Second.</p></td></tr></table>",
      '<p>One<br><br>two <a href="/x"><div>Card</div><div>title</div></a> <span><div>block</div> tail</span></p>',
    ].join("");
    const root = parseHtml(page);
    const words = (text: string) => (text.match(/[\p{L}\p{N}]+/gu) ?? []).sort();
    const markdownWords = toMarkdown([root], "https://example.com/").replace(/\]\([^)]*\)/g, "]");
    expect(words(markdownWords)).toEqual(words(plainText([root])));
  });
});
