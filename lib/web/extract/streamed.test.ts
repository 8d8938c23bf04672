import { describe, expect, it } from "vitest";
import { parseHtml } from "./dom";
import { extractHtmlPage, type PageWants } from "./page";
import { plainText } from "./plain-text";
import { placeStreamedSegments } from "./streamed";

const placed = (html: string) => {
  const doc = parseHtml(html);
  placeStreamedSegments(doc);
  return plainText([doc]);
};

describe("React's streamed segments", () => {
  it("puts a segment where its placeholder was ($RS)", () => {
    const html = `<body><p>Before</p><template id="P:1"></template><p>After</p>
      <div hidden id="S:1"><p>Late part</p></div><script>$RS("S:1","P:1")</script></body>`;
    expect(placed(html)).toBe("Before\n\nLate part\n\nAfter");
  });

  it("replaces a boundary's fallback, nested boundaries included, with its content ($RC)", () => {
    const html = `<body><p>Top</p><!--$?--><template id="B:0"></template><p>Loading…</p><!--$--><p>inner fallback</p><!--/$--><!--/$--><p>Bottom</p>
      <div hidden id="S:0"><p>The real content</p></div><script>$RC("B:0","S:0")</script></body>`;
    expect(placed(html)).toBe("Top\n\nThe real content\n\nBottom");
  });

  it("follows the scripts' order, so a segment inside another lands too", () => {
    const html = `<body><template id="P:a"></template>
      <div hidden id="S:a"><h2>Outer</h2><template id="P:b"></template></div><script>$RS("S:a","P:a")</script>
      <div hidden id="S:b"><p>Inner</p></div><script>$RS("S:b","P:b")</script></body>`;
    expect(placed(html)).toBe("Outer\n\nInner");
  });

  it("leaves a hidden block no script moves where it is, and pages without the scripts untouched", () => {
    expect(placed('<body><p>plain</p><div hidden id="S:1"><p>a hidden block</p></div></body>')).toBe("plain\n\na hidden block");
    const html = `<body><p>Shown</p><div hidden id="S:9"><p>never placed</p></div><script>$RS("S:1","P:1")</script></body>`;
    expect(placed(html)).toContain("never placed");
    expect(placed(html).indexOf("Shown")).toBe(0);
  });

  it("places the segments of a page saved without its scripts by their numbers, leaving a fallback it cannot bound", () => {
    // An archived page: scripts and comments stripped, React's templates and hidden segments kept.
    const html = `<body><h1>Index funds</h1><template id="B:4"></template><div>Loading paragraph...</div><template id="B:5"></template><div>Loading paragraph...</div>
      <template id="P:7"></template><p>End</p><div hidden id="S:5"><p>Second part</p></div><div hidden id="S:4"><p>First part</p></div><div hidden id="S:7"><p>Placed part</p></div><div id="S:8"><p>Shown box</p></div></body>`;
    expect(placed(html)).toBe("Index funds\n\nFirst part\n\nLoading paragraph...\n\nSecond part\n\nLoading paragraph...\n\nPlaced part\n\nEnd\n\nShown box");
    // With the scripts, only what they name moves.
    expect(placed(`${html}<script>$RC("B:5","S:5")</script>`)).toContain("Index funds\n\nLoading paragraph...\n\nSecond part");
  });

  it("drops each of two fallbacks that end at one comment, and nested ones, once", () => {
    const html = `<body><!--$?--><template id="B:0"></template><template id="B:1"></template><p>Loading</p><!--$--><p>inner</p><!--/$--><!--/$--><p>End</p>
      <div hidden id="S:1"><p>One</p></div><div hidden id="S:0"><p>Zero</p></div><script>$RC("B:1","S:1");$RC("B:0","S:0")</script></body>`;
    // B:0's fallback holds B:1 (and so the segment meant for it), as a browser running the scripts would leave it.
    expect(placed(html)).toBe("Zero\n\nEnd");
  });

  it("does not move a segment into a placeholder inside itself, directly or through another segment", () => {
    const own = `<body><p>Top</p><div hidden id="S:1"><p>Own</p><section><template id="P:1"></template></section></div><script>$RS("S:1","P:1")</script></body>`;
    expect(placed(own)).toBe("Top\n\nOwn");
    const crossed = `<body><p>Top</p><div hidden id="S:1"><template id="P:2"></template><p>One</p></div><div hidden id="S:2"><template id="P:1"></template><p>Two</p></div>
      <script>$RS("S:1","P:1");$RS("S:2","P:2")</script></body>`;
    // The first move is made (S:1 into S:2); the second would close the circle and is not.
    expect(placed(crossed)).toBe("Top\n\nOne\n\nTwo");
  });

  it("places tens of thousands of segments, flat or nested, each list rebuilt once", () => {
    const count = 20_000;
    const parts = Array.from({ length: count }, (_, i) => i);
    // Fallbacks without their closing comments: each stays. One by one, each search for its end read the rest of the page.
    const flat = `<body>${parts.map((i) => `<template id="B:${i}"></template><p>Loading</p>`).join("")}${parts
      .map((i) => `<div hidden id="S:${i}"><p>Part ${i}</p></div><script>$RC("B:${i}","S:${i}")</script>`)
      .join("")}</body>`;
    const flatText = placed(flat);
    expect(flatText.startsWith("Part 0\n\nLoading\n\nPart 1\n\nLoading")).toBe(true);
    expect(flatText.endsWith(`Part ${count - 1}\n\nLoading`)).toBe(true);
    // Each segment holds the next one's placeholder.
    const nested = `<body><template id="P:0"></template>${parts
      .map((i) => `<div hidden id="S:${i}"><p>Level ${i}</p><template id="P:${i + 1}"></template></div><script>$RS("S:${i}","P:${i}")</script>`)
      .join("")}</body>`;
    const nestedText = placed(nested);
    expect(nestedText.startsWith("Level 0\n\nLevel 1\n\n")).toBe(true);
    expect(nestedText.split("\n\n")).toHaveLength(count);
  }, 60_000);

  it("makes the late parts of a streamed page its main content", () => {
    const wants: PageWants = { title: false, text: true, links: false, images: false, metadata: false, contacts: false, social: false, followLinks: false };
    const body = Array.from({ length: 4 }, (_, i) => `<p>Paragraph ${i} of the product's description, long enough, with commas, to read as prose.</p>`).join(
      "",
    );
    const html = `<html><body><main><h1>A chair</h1><!--$?--><template id="B:0"></template><p>Loading</p><!--/$--></main>
      <div hidden id="S:0">${body}</div><script>$RC("B:0","S:0")</script></body></html>`;
    const text = extractHtmlPage(html, "https://shop.example/chair", wants).text ?? "";
    expect(text).toContain("Paragraph 3 of the product's description");
    expect(text).not.toContain("Loading");
  });
});
