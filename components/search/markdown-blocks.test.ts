import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown } from "./markdown-blocks";

describe("parseInline", () => {
  it("reads code, emphasis, links and escapes, and keeps only web links", () => {
    expect(parseInline("a **b** _c_ `d*e` \\*f\\* [g](https://x.test/g) ![h](https://x.test/h.png) [i](javascript:x)")).toEqual([
      { type: "text", text: "a " },
      { type: "strong", children: [{ type: "text", text: "b" }] },
      { type: "text", text: " " },
      { type: "em", children: [{ type: "text", text: "c" }] },
      { type: "text", text: " " },
      { type: "code", text: "d*e" },
      { type: "text", text: " *f* " },
      { type: "link", href: "https://x.test/g", children: [{ type: "text", text: "g" }] },
      { type: "text", text: " " },
      { type: "image", src: "https://x.test/h.png", alt: "h" },
      { type: "text", text: " i" },
    ]);
  });

  it("reads a backslash ending a line as a line break and a bare newline as a space, as CommonMark does", () => {
    expect(parseInline("12 Quay Street\\\nDublin 2\nIreland")).toEqual([
      { type: "text", text: "12 Quay Street" },
      { type: "break" },
      { type: "text", text: "Dublin 2 Ireland" },
    ]);
  });
});

describe("parseMarkdown", () => {
  it("reads the blocks the scraper writes", () => {
    const md = [
      "# Title",
      "",
      "First line\nsecond line.",
      "",
      "- one\n- two\n  more",
      "",
      "3. three",
      "",
      "> quoted",
      "",
      "```\nconst x = 1;\n```",
      "",
      "---",
      "",
      "| a | b |\n| --- | --- |\n| 1 | 2 |",
    ].join("\n");
    const blocks = parseMarkdown(md);
    expect(blocks.map((b) => b.type)).toEqual(["heading", "paragraph", "list", "list", "quote", "code", "rule", "table"]);
    expect(blocks[2]).toMatchObject({ ordered: false, items: [[{ type: "paragraph" }], [{ type: "paragraph" }]] });
    expect(blocks[3]).toMatchObject({ ordered: true, start: 3 });
    expect(blocks[5]).toEqual({ type: "code", text: "const x = 1;" });
    expect(blocks[7]).toEqual({
      type: "table",
      head: [[{ type: "text", text: "a" }], [{ type: "text", text: "b" }]],
      rows: [[[{ type: "text", text: "1" }], [{ type: "text", text: "2" }]]],
    });
  });
});
