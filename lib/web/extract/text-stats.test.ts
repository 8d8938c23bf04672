import type { Element } from "domhandler";
import { describe, expect, it } from "vitest";
import { findFirst, parseHtml } from "./dom";
import { measure } from "./text-stats";

describe("measure", () => {
  it("counts visible characters, link characters, commas of Latin, CJK and Arabic text, and elements by kind", () => {
    const doc = parseHtml(`<div id="d"><p>a, b,  c</p><p>一，二、三</p><p>واحد، اثنان</p><a href="/x">link, text</a><ul><li>x</li></ul><img src="i"></div>`);
    const div = findFirst(doc, (el) => el.attribs.id === "d") as Element;
    const stats = measure(div).get(div)!;
    expect(stats).toMatchObject({ chars: 7 + 5 + 11 + 10 + 1, linkChars: 10, commas: 2 + 2 + 1 + 1, paragraphs: 3, images: 1, listItems: 1, inputs: 0 });
  });
});
