import { type Document, DomHandler, type Element, Text } from "domhandler";
import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { descendants, findFirst, parseHtml } from "./dom";
import { collapsedText, measure, removeMeasured, textCounts } from "./text-stats";

/** The tree domhandler's own parser builds: elements without the fields ours carry. */
function domhandlerTree(html: string): Document {
  const handler = new DomHandler();
  new Parser(handler).end(html);
  return handler.root;
}

describe("measure", () => {
  it("counts visible characters, link characters, commas of Latin, CJK and Arabic text, and elements by kind", () => {
    const doc = parseHtml(`<div id="d"><p>a, b,  c</p><p>一，二、三</p><p>واحد، اثنان</p><a href="/x">link, text</a><ul><li>x</li></ul><img src="i"></div>`);
    const div = findFirst(doc, (el) => el.attribs.id === "d") as Element;
    const stats = measure(div).get(div)!;
    expect(stats).toMatchObject({
      chars: 7 + (3 * 3 + 2) + 11 + 10 + 1,
      linkChars: 10,
      commas: 2 + 2 + 1 + 1,
      paragraphs: 3,
      images: 1,
      listItems: 1,
      inputs: 0,
    });
  });
});

describe("measurements alive together", () => {
  it("answer each with its own measures, on our elements and domhandler's alike", () => {
    for (const make of [(html: string) => parseHtml(html), (html: string) => domhandlerTree(html)]) {
      const doc = make(`<div id="page"><section id="s"><p>kept words here</p><p id="gone">removed words</p></section><p>after</p></div>`);
      const page = findFirst(doc, (el) => el.attribs.id === "page") as Element;
      const section = findFirst(doc, (el) => el.attribs.id === "s") as Element;
      const whole = measure(page);
      const inner = measure(section);
      removeMeasured(inner, [findFirst(doc, (el) => el.attribs.id === "gone") as Element]);
      expect(inner.get(section)?.chars).toBe(15);
      expect(whole.get(section)?.chars).toBe(28);
      expect(whole.get(page)?.chars).toBe(33);
      expect(inner.get(page)).toBeUndefined();
      // A measurement made after both reads the tree as it is now.
      expect(measure(page).get(section)?.chars).toBe(15);
      expect(whole.get(section)?.chars).toBe(28);
    }
  });
});

describe("measure's elements in document order", () => {
  it("lists the elements below root as descendants does", () => {
    const doc = parseHtml(`<div id="d"><p>a<b>b</b></p><ul><li>x<i>y</i></li><li>z</li></ul><script>s</script><img src="i"></div>`);
    const div = findFirst(doc, (el) => el.attribs.id === "d") as Element;
    const seen: Element[] = [];
    measure(div, seen);
    expect(seen).toEqual(descendants(div));
    expect(seen.map((el) => el.name)).toEqual(["p", "b", "ul", "li", "i", "li", "script", "img"]);
  });
});

describe("collapsedText", () => {
  it("makes each run of white space one space, Unicode spaces included, on our nodes and others alike", () => {
    const doc = parseHtml("<p>  a\n\t b\u00a0\u2003 c  </p>");
    const ours = (findFirst(doc, (el) => el.name === "p") as Element).children[0] as Text;
    expect(collapsedText(ours)).toBe(" a b c ");
    // Kept on the node: the same string the second time.
    expect(collapsedText(ours)).toBe(" a b c ");
    expect(collapsedText(new Text("x \n y"))).toBe("x y");
  });

  it("makes a lone white-space character other than a space one space, and leaves text already one space apart as it is", () => {
    expect(collapsedText(new Text("a\tb\nc\u00a0d\u2028e f"))).toBe("a b c d e f");
    const spaced = "words one space apart";
    expect(collapsedText(new Text(spaced))).toBe(spaced);
  });
});

describe("textCounts", () => {
  it("counts a text's visible characters (white-space runs as one, edges trimmed), its other-than-space characters and its commas", () => {
    expect(textCounts(new Text("  a,  b\n\t c，  "))).toEqual({ visibleChars: 7, solidChars: 5, commas: 2 });
    expect(textCounts(new Text(" \u00a0 \n"))).toEqual({ visibleChars: 0, solidChars: 0, commas: 0 });
    expect(textCounts(new Text("x"))).toEqual({ visibleChars: 1, solidChars: 1, commas: 0 });
  });

  it("counts a character of Chinese or Japanese as three, one of Korean as two; their commas as one", () => {
    expect(textCounts(new Text("東京、とうきょう"))).toEqual({ visibleChars: 22, solidChars: 22, commas: 1 });
    expect(textCounts(new Text("서울 시청"))).toEqual({ visibleChars: 9, solidChars: 8, commas: 0 });
  });

  it("keeps the counts on a parsed page's text node, the same as counted afresh", () => {
    const doc = parseHtml("<p> one,  two </p>");
    const text = (doc.children[0] as Element).children[0] as Text;
    const first = textCounts(text);
    expect(first).toMatchObject({ visibleChars: 8, solidChars: 7, commas: 1 });
    expect(textCounts(text)).toBe(first);
    expect(textCounts(new Text(text.data))).toEqual({ visibleChars: 8, solidChars: 7, commas: 1 });
  });
});
