import { type AnyNode, DomHandler, Element, Text } from "domhandler";
import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { parseHtml } from "./dom";
import { DomBuilder } from "./dom-builder";

const OPTIONS = { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true };

/** A node and its subtree as plain data: type, name, attributes, text, and the links between nodes checked on the way. */
function shape(node: AnyNode): unknown {
  const kids = "children" in node ? node.children : [];
  kids.forEach((kid, i) => {
    expect(kid.parent).toBe(node);
    expect(kid.prev).toBe(kids[i - 1] ?? null);
    expect(kid.next).toBe(kids[i + 1] ?? null);
  });
  return {
    type: node.type,
    ...(node instanceof Element ? { name: node.name, attribs: node.attribs } : {}),
    ...("data" in node ? { data: node.data } : {}),
    children: kids.map(shape),
  };
}

function both(html: string) {
  const handler = new DomHandler();
  new Parser(handler, OPTIONS).end(html);
  const builder = new DomBuilder();
  new Parser(builder, OPTIONS).end(html);
  return { theirs: handler.root, ours: builder.root };
}

describe("DomBuilder", () => {
  it("builds the tree domhandler's own handler builds", () => {
    const html = `<!DOCTYPE html><html><head><title>A &amp; B</title><style>p{}</style><script type="application/ld+json">{"a":1}</script></head>
      <body class="x"><!-- one --><!-- two --><p id=a>Fish &amp; chips &lt;3 <b>bold</b> tail</p><img src=x.png><ul><li>1<li>2</ul>
      <svg><path d="M0"/></svg><textarea>a &lt; b</textarea></body></html>`;
    const { theirs, ours } = both(html);
    expect(shape(ours)).toEqual(shape(theirs));
  });

  it("makes nodes of domhandler's classes, with their getters", () => {
    const { ours } = both("<div><p>hi</p>there</div>");
    const div = ours.children[0] as Element;
    expect(div).toBeInstanceOf(Element);
    expect(div.firstChild).toBeInstanceOf(Element);
    expect(div.lastChild).toBeInstanceOf(Text);
    expect((div.lastChild as Text).nodeValue).toBe("there");
    expect(div.firstChild?.nextSibling).toBe(div.lastChild);
    expect(ours.children[0]?.cloneNode(true)).toBeInstanceOf(Element);
  });
});

describe("parseHtml's tokenizer (its scans ahead)", () => {
  it("reads scripts, styles, comments, text, attribute values and unterminated ends as htmlparser2's own tokenizer does", () => {
    const pages = [
      `<p class="a &amp; b" title='x&lt;y' data-q="it's" alt=a&amp;b>Fish &amp; chips &notanentity; &#x41;&#66</p>tail &amp`,
      `<a href="/?a=1&b=2&amp;c=3">one & two</a><p>no entity here at all</p>last text`,
      `<div id="unterminated value &amp; more`,
      `<p>&`,
      `<p>a</p><script>if (a < b && c <d) { x = "</scr" + "ipt>"; }</script><p>b</p>`,
      `<style>a < b { color: red } </sty le></style><div>after</div>`,
      `<!-- a - b -- c --!> <p>x</p><!---><!-- <script> --><p>y</p>`,
      `<p>text<script>never closed < < <`,
      `<div><!-- never closed - - -`,
      `<script><</script><p>z</p><script>x</script><style>y</style><p>w</p><!--a-->`,
      `<?xml version="1.0"?><!DOCTYPE html><title>a < b</title><textarea>1 < 2 &amp; 3</textarea>`,
    ];
    for (const html of pages) {
      const handler = new DomHandler();
      new Parser(handler, OPTIONS).end(html);
      expect(shape(parseHtml(html))).toEqual(shape(handler.root));
    }
  });
});
