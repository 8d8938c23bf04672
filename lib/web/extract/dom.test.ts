import type { Element } from "domhandler";
import { describe, expect, it } from "vitest";
import { documentBody, elementChildren, leadingText, parseHtml, rawText, rawTextWithin, removeNodes } from "./dom";

function list(html: string): Element {
  return parseHtml(html).children[0] as Element;
}

describe("removeNodes", () => {
  it("removes many children of several parents at once, keeping the sibling links, a removed node's subtree with it", () => {
    const div = list("<div><ul><li>1</li><li>2</li><li>3</li><li>4</li></ul><p>a</p><p>b<span>c</span></p><p>d</p></div>");
    const [ul, pa, pb, pd] = elementChildren(div);
    const [one, two, three, four] = elementChildren(ul!);
    const span = elementChildren(pb!)[0]!;
    const children = div.children;
    removeNodes(new Set([one!, three!, pb!, span]));
    expect(rawText(div)).toBe("24ad");
    expect(div.children).toBe(children);
    expect([two!.prev, two!.next, four!.prev, four!.next]).toEqual([null, four, two, null]);
    expect([pa!.next, pd!.prev]).toEqual([pd, pa]);
    expect([one!.parent, pb!.parent, pb!.prev, pb!.next, span.parent]).toEqual([null, null, null, null, null]);
  });
});

describe("rawText", () => {
  it("reads the nodes a pass has found to remove as gone already", () => {
    const div = list("<div><p>kept</p><p>found <b>and</b> gone</p><span>, still</span></div>");
    const [, found] = elementChildren(div);
    expect(rawText(div)).toBe("keptfound and gone, still");
    expect(rawText(div, new Set([found!]))).toBe("kept, still");
    expect(rawText(found!, new Set([found!]))).toBe("");
  });
});

describe("rawTextWithin", () => {
  it("reads a subtree of up to maxNodes nodes and gives up on a larger one", () => {
    const div = list("<div><span>Advertisement</span><div><div></div><div></div></div></div>");
    expect(rawTextWithin(div, 6)).toBe("Advertisement");
    expect(rawTextWithin(div, 5)).toBeUndefined();
  });

  it("gives up at once on a parent of more children than that, and reads one of exactly that many", () => {
    const wide = (n: number) => list(`<div>${"<b>a</b>".repeat(n)}</div>`);
    expect(rawTextWithin(wide(3), 7)).toBe("aaa");
    expect(rawTextWithin(wide(4), 7)).toBeUndefined();
    expect(rawTextWithin(wide(10_000), 7)).toBeUndefined();
  });
});

describe("leadingText", () => {
  it("reads a subtree's opening in order, up to chars or maxNodes, whichever comes first", () => {
    const div = list(`<div><p>One two</p>${"<b>x</b>".repeat(10_000)}</div>`);
    expect(leadingText(div, 100, 3)).toBe("One two");
    expect(leadingText(div, 100, 7)).toBe("One twoxx");
    expect(leadingText(div, 7, 100)).toBe("One twox");
  });
});

describe("parseHtml's tree depth", () => {
  it("attaches what nests deeper than 512 elements to the deepest allowed one, as Chromium does, and still matches closing tags", () => {
    const doc = parseHtml(`<body>${"<div>".repeat(600)}deep${"</div>".repeat(600)}<p>after</p></body>`);
    let depth = 0;
    let deepest: Element = doc.children[0] as Element;
    for (let el: Element | undefined = deepest; el; el = elementChildren(el)[0]) {
      depth++;
      deepest = el;
    }
    expect(depth).toBeLessThanOrEqual(513);
    expect(elementChildren(deepest.parent as Element).length).toBe(600 - 511);
    const body = doc.children[0] as Element;
    expect(elementChildren(body).map((el) => el.name)).toEqual(["div", "p"]);
    expect(rawText(body)).toBe("deepafter");
  });
});

describe("parseHtml's body", () => {
  function bodyText(html: string): string {
    const body = documentBody(parseHtml(html));
    if (!body) throw new Error("no body");
    return rawText(body);
  }

  it("holds content written after </body> and </html>, as a browser reads it", () => {
    expect(bodyText("<html><body><p>a</p></body></html><div>b</div>c")).toBe("abc");
    expect(bodyText("<html><body><p>a</body><div>b</div></html>")).toBe("ab");
  });

  it("is the page's own <body>, not one of a document pasted into the head", () => {
    const html = "<html><head><title>t</title><!DOCTYPE html><html><head></head><body><script>x</script></head><body><main>m</main></body></html>";
    expect(bodyText(html)).toBe("m");
  });

  it("keeps the sibling links of what it moved", () => {
    const body = documentBody(parseHtml("<body><p>a</p></body><div>b</div><span>c</span>"))!;
    const [p, div, span] = elementChildren(body);
    expect([p!.next, div!.prev, div!.next, span!.prev, span!.next]).toEqual([div, p, span, div, null]);
    expect(div!.parent).toBe(body);
  });
});
