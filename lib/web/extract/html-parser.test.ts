import { type AnyNode, DomHandler, Element, Text } from "domhandler";
import fc from "fast-check";
import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { parseHtml } from "./dom";
import { AUTHOR_OR_DATE, CLASS, CONTROLS, classOf, ID, idOf, MAY_CONCEAL, MAY_OVERLAY, MICRODATA, mayCarry, ROLE, roleOf } from "./dom-nodes";
import { parseHtmlDocument, parseHtmlListing } from "./html-parser";

/**
 * A node and its subtree as plain data: type, name, attributes, text, and the links between nodes checked
 * on the way; with `drawings` false, every <svg> as if empty.
 */
function shape(node: AnyNode, drawings = true): unknown {
  const kids = "children" in node ? node.children : [];
  kids.forEach((kid, i) => {
    expect(kid.parent).toBe(node);
    expect(kid.prev).toBe(kids[i - 1] ?? null);
    expect(kid.next).toBe(kids[i + 1] ?? null);
  });
  return {
    type: node.type,
    ...(node instanceof Element ? { name: node.name, attribs: { ...node.attribs } } : {}),
    ...("data" in node ? { data: node.data } : {}),
    ...("name" in node && !(node instanceof Element) ? { name: node.name } : {}),
    children: !drawings && node instanceof Element && node.name === "svg" ? [] : kids.map((kid) => shape(kid, drawings)),
  };
}

/** The tree htmlparser2 12 builds in HTML mode with entities decoded: the reading ours keeps. */
function htmlparser2Tree(html: string): AnyNode {
  const handler = new DomHandler();
  new Parser(handler, { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true }).end(html);
  return handler.root;
}

function expectSameTree(html: string): void {
  expect(shape(parseHtmlDocument(html)), html).toEqual(shape(htmlparser2Tree(html)));
}

const PAGES = [
  `<!DOCTYPE html><html><head><title>A &amp; B</title><style>p{}</style><script type="application/ld+json">{"a":1}</script></head>
      <body class="x"><!-- one --><!-- two --><p id=a>Fish &amp; chips &lt;3 <b>bold</b> tail</p><img src=x.png><ul><li>1<li>2</ul>
      <svg><path d="M0"/></svg><textarea>a &lt; b</textarea></body></html>`,
  `<p class="a &amp; b" title='x&lt;y' data-q="it's" alt=a&amp;b>Fish &amp; chips &notanentity; &#x41;&#66</p>tail &amp`,
  `<a href="/?a=1&b=2&amp;c=3&copy=4">one & two</a><p>no entity here at all</p>last text`,
  `<div id="unterminated value &amp; more`,
  `<p>&`,
  `<p>a</p><script>if (a < b && c <d) { x = "</scr" + "ipt>"; }</script><p>b</p>`,
  `<style>a < b { color: red } </sty le></style><div>after</div>`,
  `<!-- a - b -- c --!> <p>x</p><!---><!-- <script> --><p>y</p><!-- d --->e<!-- f --!-->g<!---->`,
  `<p>text<script>never closed < < <`,
  `<div><!-- never closed - - -`,
  `<script><</script><p>z</p><script>x</script><style>y</style><p>w</p><!--a--><SCRIPT>q</Script >r`,
  `<?xml version="1.0"?><!DOCTYPE html><title>a < b</title><textarea>1 < 2 &amp; 3</textarea><!doctypehtml><!DOC x><!>`,
  `<a b="1"c=2 d e='x' =f g= h=>i</a><a B=1 b=2>dup</a><a href=/x/>slash</a><br / ><input disabled/>`,
  `<form><form id=inner><input></form>after</form><p>1<div>2</div></p>3</br>4</b>5`,
  `<table><tr><td>1<td>2<tr><th>3</table><dl><dt>a<dd>b<dt>c</dl><select><option>1<option>2</select>`,
  `<svg viewBox="0 0 1 1"><clippath id=c/><foreignobject><p>html <b/>bold</p></foreignObject><title>t</title><image/></svg><image src=x>`,
  `<math><mi>x</mi><mtext/></math><![CDATA[x<y]]><svg><![CDATA[in svg]]></svg><![CDATA[unclosed`,
  `<iframe src=x>raw <b>text</b></iframe><noscript><p>kept</p></noscript><xmp><b></xmp><plaintext><p>rest</p>`,
  `a<b`,
  `a<scr`,
  `a</`,
  `a<!`,
  `a<?`,
  `a<!-`,
  `a<!-- b --`,
  `a<! x`,
  `a < b <3 <<p>c</p>`,
  `<h1>a<h2>b</h1>c<li>d<li>e<a>f<a>g`,
  `<form>${"<div>".repeat(20)}${"<form>x".repeat(5)}</form>y${"</span>".repeat(5)}</div></p>z<form>w</form>`,
  `<svg><foreignObject>${"<g>".repeat(5)}<clippath>a</clippath></foreignobject><clippath/></svg>`,
];

/** The fragments random pages are made of: every construct the reader tells apart, and names with rules of their own. */
const FRAGMENT = fc.constantFrom(
  ..."< > / = \" ' & - ? ! [ ] \n a b p".split(" "),
  " ",
  "</",
  "<!--",
  "-->",
  "--!>",
  "&amp;",
  "&amp",
  "&#65;",
  "&notit;",
  ...["div", "li", "ul", "td", "tr", "table", "form", "br", "img", "image", "svg", "math", "path", "mi", "desc"],
  ...["foreignObject", "clipPath", "title", "textarea", "script", "SCRIPT", "style", "xmp", "iframe", "plaintext", "noembed"],
  ...["<![CDATA[", "]]>", "DOCTYPE", "h1", "h2", "option", "select", "input", "button", "dd", "dt", "class", "id"],
);

describe("parseHtmlDocument reads a page as htmlparser2 does", () => {
  it.each(PAGES)("%s", (html) => expectSameTree(html));

  // htmlparser2 alone differs where a page ends inside a tag after its name (`<a b/`, `</a x`): it keeps the
  // page's last character as text; here nothing of the cut tag is kept.
  it("on random soups of markup fragments", () => {
    const cutInsideTag = /<\/?[a-zA-Z][^\s/>]*[\s/][^>]*$/;
    fc.assert(
      fc.property(fc.array(FRAGMENT, { maxLength: 40 }), (fragments) => {
        const html = fragments.join("");
        fc.pre(!cutInsideTag.test(html));
        expectSameTree(html);
      }),
      { numRuns: 5_000 },
    );
  });
});

describe("parseHtmlDocument as browsers read", () => {
  const outline = (node: AnyNode): unknown =>
    node instanceof Element ? { [node.name]: node.children.map(outline) } : "data" in node ? `${node.type}:${node.data}` : node.type;

  it("reads <![CDATA[ as a comment up to the next >, in HTML and SVG alike", () => {
    const doc = parseHtmlDocument(`<p>a<![CDATA[ x > y ]]>b</p><svg><![CDATA[ z ]]></svg>`, { asBrowsers: true });
    expect(doc.children.map(outline)).toEqual([{ p: ["text:a", "comment:[CDATA[ x ", "text: y ]]>b"] }, { svg: ["comment:[CDATA[ z ]]"] }]);
  });

  it("closes an <iframe …/> where its tag ends, and reads the page after it as markup", () => {
    const doc = parseHtmlDocument(`<noscript><iframe src="t" height="0" /></noscript><p>c</p><iframe src=x>raw <b></iframe>`, { asBrowsers: true });
    expect(doc.children.map(outline)).toEqual([{ noscript: [{ iframe: [] }] }, { p: ["text:c"] }, { iframe: ["text:raw <b>"] }]);
  });
});

describe("parseHtmlDocument without drawings' contents", () => {
  /** With svgContents false, the tree is the whole tree with every <svg> emptied, and nothing else changed. */
  function expectDrawingsEmptied(html: string, asBrowsers: boolean): void {
    const whole = shape(parseHtmlDocument(html, { asBrowsers }), false);
    expect(shape(parseHtmlDocument(html, { asBrowsers, svgContents: false })), html).toEqual(whole);
  }

  it.each(PAGES)("%s", (html) => {
    expectDrawingsEmptied(html, false);
    expectDrawingsEmptied(html, true);
  });

  it("on drawings nested in drawings, closed by other elements' tags, left open, and deeper than the tree grows", () => {
    for (const html of [
      `<p>a<svg><g><svg><path/></svg>b<foreignObject><svg><text>c</text></svg><div>d</div></foreignObject></g></svg>e</p>`,
      `<div>a<svg><g><text>b</div>c<svg/>d<SVG viewBox="0 0 1 1"><Path d="M0"></SVG>e`,
      `<ul><li>a<svg><li>b<p>c</svg><li>d</ul><svg><title>t</title><a href="/x">link</a>`,
      `${"<div>".repeat(510)}<svg><g>a</g></svg>b<svg><g>c</g>d</svg>${"<span>".repeat(5)}<svg>e<g>f</g></svg>g`,
    ])
      expectDrawingsEmptied(html, true);
  });

  it("on random soups of markup fragments", () => {
    fc.assert(
      fc.property(fc.array(FRAGMENT, { maxLength: 40 }), (fragments) => expectDrawingsEmptied(fragments.join(""), true)),
      { numRuns: 3_000 },
    );
  });

  it("lists the drawing but nothing inside it", () => {
    const { listed } = parseHtmlListing(`<svg itemprop="logo"><meta itemprop="x"><script>s</script></svg><meta name="a">`, {
      svgContents: false,
      list: { names: new Set(["meta", "script"]), marks: MICRODATA },
    });
    expect(listed.map((el) => el.name)).toEqual(["svg", "meta"]);
  });
});

describe("parseHtmlDocument names", () => {
  it("lower-cases tag and attribute names however many distinct ones pages make up (past the table of names seen)", () => {
    const names = Array.from({ length: 12_000 }, (_, i) => `Data-N${i.toString(36)}`);
    const doc = parseHtmlDocument(`<DIV ${names.map((n, i) => `${n}=${i}`).join(" ")}></div><Div data-nzz=1>`);
    const [first, second] = doc.children as Element[];
    expect(first!.name).toBe("div");
    expect(Object.keys(first!.attribs)).toEqual(names.map((n) => n.toLowerCase()));
    expect(first!.attribs[`data-n${(11_999).toString(36)}`]).toBe("11999");
    expect(second!.name).toBe("div");
  });

  it("keeps attributes named as an object's own properties, the first of a name winning", () => {
    const [div] = parseHtmlDocument(`<div __proto__="a" constructor=b tostring=c __proto__="d" hasownproperty=e>`).children as Element[];
    expect(Object.entries(div!.attribs)).toEqual([
      ["__proto__", "a"],
      ["constructor", "b"],
      ["tostring", "c"],
      ["hasownproperty", "e"],
    ]);
    expect(div!.attribs.class).toBeUndefined();
  });

  it("keeps the first of a name among the attributes an element notes (class, id, style …), others of its mark between", () => {
    const [div] = parseHtmlDocument(`<div class=a hidden id=x CLASS=b style=s aria-hidden=true Id=y style=t hidden=h rel=r datetime=d rel=q>`)
      .children as Element[];
    expect(Object.entries(div!.attribs)).toEqual([
      ["class", "a"],
      ["hidden", ""],
      ["id", "x"],
      ["style", "s"],
      ["aria-hidden", "true"],
      ["rel", "r"],
      ["datetime", "d"],
    ]);
  });
});

describe("parseHtmlListing", () => {
  it("lists the elements of the names and attributes asked for, in document order, as the tree holds them", () => {
    const html = `<HTML><head><BASE HREF="/x/"><meta property="og:type" content="article"></head><body><div ItemType="https://schema.org/Product"><span itemprop="name">Kettle</span><span itemprop=name itemprop=x>dup</span></div><p data-itemtype="no">p</p><script type="application/ld+json">{}</script><svg><meta/></svg></body></HTML>`;
    const { document, listed } = parseHtmlListing(html, {
      list: { names: new Set(["base", "meta", "script"]), marks: MICRODATA },
    });
    expect(listed.map((el) => el.name)).toEqual(["base", "meta", "div", "span", "span", "script", "meta"]);
    expect(listed[0]!.attribs.href).toBe("/x/");
    // The very elements of the tree, not copies.
    const body = (document.children[0] as Element).children[1] as Element;
    expect(listed[2]).toBe(body.children[0]);
    expect(parseHtmlListing(html).listed).toEqual([]);
  });

  it("lists a self-closed or void element too, and nothing of a tag the page ends inside", () => {
    const { listed } = parseHtmlListing(`<base href="/"/><meta property="og:type"><span itemprop="x`, {
      list: { names: new Set(["base", "meta"]), marks: MICRODATA },
    });
    expect(listed.map((el) => el.name)).toEqual(["base", "meta"]);
  });
});

describe("parseHtml", () => {
  it("notes on each element whether it may be concealed, control a panel, carry microdata, a role, an author or a date, a class or an id, or overlay the page", () => {
    const page =
      `<div style="color:red"><p hidden>a</p><span aria-hidden="true">b</span><button aria-controls="x">c</button><i itemprop="name">d</i><b class="x">e</b>` +
      `<s ROLE="dialog">f</s><u aria-modal="true">g</u><em data-reveal>h</em><q data-nosnippet>i</q><a rel="author" ID="y">j</a><time datetime="2024">k</time></div>`;
    const ALL = [MAY_CONCEAL, CONTROLS, MICRODATA, ROLE, MAY_OVERLAY, AUTHOR_OR_DATE, CLASS, ID];
    const marks = (el: Element) => ALL.filter((m) => mayCarry(el, m));
    // Twice: a name first met is looked up, one met before is read from the parser's table of names.
    for (const doc of [parseHtml(page), parseHtml(page)]) {
      const [div] = doc.children as Element[];
      const [p, span, button, i, b, s, u, em, q, a, time] = div!.children as Element[];
      expect([div, p, span, button, i, b, s, u, em, q, a, time].map((el) => marks(el!))).toEqual([
        [MAY_CONCEAL],
        [MAY_CONCEAL],
        [MAY_CONCEAL],
        [CONTROLS],
        [MICRODATA],
        [CLASS],
        [ROLE],
        [MAY_OVERLAY],
        [MAY_OVERLAY],
        [MAY_OVERLAY],
        [AUTHOR_OR_DATE, ID],
        [AUTHOR_OR_DATE],
      ]);
      expect([s, b].map((el) => roleOf(el!))).toEqual(["dialog", undefined]);
      expect([b, a].map((el) => [classOf(el!), idOf(el!)])).toEqual([
        ["x", undefined],
        [undefined, "y"],
      ]);
    }
    // An element made elsewhere may carry anything.
    expect(marks(new Element("div", {}))).toEqual(ALL);
    expect(roleOf(new Element("div", { role: "main" }))).toBe("main");
    expect([classOf, idOf].map((read) => read(new Element("div", { class: "c", id: "i" })))).toEqual(["c", "i"]);
  });

  it("lists the elements that may declare something about the page", () => {
    const doc = parseHtml(`<head><base href="/b/"><title>t</title><script>x</script></head><body><article itemprop="articleBody"><p>a</p></article></body>`);
    expect(doc.declaring.map((el) => el.name)).toEqual(["base", "script", "article"]);
  });

  it("makes nodes of domhandler's classes, with their getters", () => {
    const doc = parseHtml("<div><p>hi</p>there</div>");
    const div = doc.children[0] as Element;
    expect(div).toBeInstanceOf(Element);
    expect(div.firstChild).toBeInstanceOf(Element);
    expect(div.lastChild).toBeInstanceOf(Text);
    expect((div.lastChild as Text).nodeValue).toBe("there");
    expect(div.firstChild?.nextSibling).toBe(div.lastChild);
    expect(doc.children[0]?.cloneNode(true)).toBeInstanceOf(Element);
  });
});
