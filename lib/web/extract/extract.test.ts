import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { extractHtmlPage, type PageWants } from "./page";

const ARTICLE = readFileSync(new URL("./fixtures/article.html", import.meta.url), "utf8");
const PAGE_URL = "https://news.example.co.uk/2024/05/harbour-bridge-reopens?utm=x";
const ALL: PageWants = { title: true, text: true, links: true, images: true, metadata: true, contacts: false, social: false, followLinks: false };
const TEXT: PageWants = { ...ALL, links: false, images: false, metadata: false };

describe("extraction", () => {
  const page = extractHtmlPage(ARTICLE, PAGE_URL, ALL);

  it("takes the title from <title>", () => {
    expect(page.title).toBe("Harbour bridge reopens after two-year repair | Coastline Gazette");
  });

  it("keeps the article's paragraphs, subheadings, lists and quotes", () => {
    const text = page.text!;
    expect(text).toContain("The harbour bridge reopened to traffic on Monday morning");
    expect(text).toContain("The repair, which cost the council £48 million");
    expect(text).toContain("Traffic returns to the old town");
    expect(text).toContain("Lorries over 18 tonnes remain banned");
    expect(text).toContain("We have waited a long time for this");
    expect(text).toContain("Read the engineers' report for details.");
  });

  it("drops navigation, share bars, bylines, captions, related stories, tags, comments, sidebar, footer and cookie banners", () => {
    const text = page.text!;
    for (const boilerplate of [
      "Sport",
      "Share on X",
      "By Jane Doe",
      "Photo: Coastline",
      "Bridge closed after cracks",
      "Transport",
      "First! This bridge",
      "Storm warning",
      "Contact us",
      "cookies",
      "Harbour bridge reopens after",
    ]) {
      expect(text).not.toContain(boilerplate);
    }
  });

  it("separates blocks so words never run together", () => {
    expect(page.text!.split("\n\n")[0]).toBe(
      "The harbour bridge reopened to traffic on Monday morning, two years after engineers closed it when cracks were found in its main span, and drivers queued from dawn to be among the first across.",
    );
  });

  it("renders the same content as Markdown with absolute links", () => {
    const md = page.markdown!;
    expect(md).toContain("## Traffic returns to the old town");
    expect(md).toContain("- Cars and vans may use the bridge from 6am to midnight.");
    expect(md).toContain("> We have waited a long time for this");
    expect(md).toContain("[engineers' report](https://news.example.co.uk/2024/04/bridge-report#findings)");
    expect(md).not.toContain("Share on X");
  });

  it("reads links only when they are returned, give social profiles, or are followed by a crawl", () => {
    const textOnly = { ...ALL, links: false };
    expect(extractHtmlPage(ARTICLE, PAGE_URL, textOnly).links).toEqual([]);
    expect(extractHtmlPage(ARTICLE, PAGE_URL, { ...textOnly, followLinks: true }).links).toEqual(page.links);
    expect(extractHtmlPage(ARTICLE, PAGE_URL, { ...textOnly, social: true }).links).toEqual(page.links);
    expect(page.links.length).toBeGreaterThan(0);
  });

  it("lists links absolute (against <base>), without fragments, once, internal or external", () => {
    const links = page.links;
    const urls = links.map((l) => l.url);
    expect(urls).toContain("https://news.example.co.uk/news");
    expect(urls.filter((u) => u === "https://news.example.co.uk/news")).toHaveLength(1);
    expect(urls).toContain("https://news.example.co.uk/2024/04/bridge-report");
    expect(urls.some((u) => u.startsWith("javascript:") || u.startsWith("mailto:"))).toBe(false);
    expect(links.find((l) => l.url === "https://news.example.co.uk/news")).toEqual({ url: "https://news.example.co.uk/news", text: "News", internal: true });
    expect(links.find((l) => l.url === "https://other.example.org/partner")?.internal).toBe(false);
    expect(links.find((l) => l.url === "https://github.com/coastline-gazette")?.internal).toBe(false);
  });

  it("lists images with absolute src and alt, preferring a real src over lazy placeholders", () => {
    expect(page.images).toEqual([
      { src: "https://news.example.co.uk/logo.png", alt: "Coastline Gazette" },
      { src: "https://news.example.co.uk/images/bridge-small.jpg", alt: "The bridge at dawn" },
    ]);
  });

  it("reads description, canonical, language, OpenGraph, Twitter card, JSON-LD and the publication date", () => {
    const m = page.metadata!;
    expect(m.description).toBe("The harbour bridge reopened on Monday after a two-year repair.");
    expect(m.canonical).toBe("https://news.example.co.uk/2024/05/harbour-bridge-reopens");
    expect(m.language).toBe("en-GB");
    expect(m.openGraph).toEqual({ title: "Harbour bridge reopens", type: "article", image: "https://cdn.example.co.uk/bridge.jpg" });
    expect(m.twitter).toEqual({ card: "summary_large_image", site: "@coastgazette" });
    expect(m.jsonLd).toEqual([
      { "@context": "https://schema.org", "@type": "NewsArticle", headline: "Harbour bridge reopens", datePublished: "2024-05-06T08:30:00+01:00" },
    ]);
    expect(m.publishedAt).toBe("2024-05-06T07:30:00.000Z");
  });

  it("computes only what is asked", () => {
    const only = extractHtmlPage(ARTICLE, PAGE_URL, { ...ALL, text: false, images: false, metadata: false });
    expect(only.text).toBeUndefined();
    expect(only.images).toBeUndefined();
    expect(only.metadata).toBeUndefined();
    expect(only.title).toBeDefined();
  });

  it("finds text written straight into a div between line breaks (older sites)", () => {
    const html = `<html><body><div class="menu"><a href="/a">Home</a> <a href="/b">About</a></div>
      <div class="col"><p class="title">Headline</p><br>${"Plain text written straight into the div, sentence after sentence, with no paragraph tags at all. ".repeat(4)}<br><br>${"A second run of text follows the line breaks, still inside the same div. ".repeat(3)}</div>
      <div class="rodape">Company Ltd - Street 1 - Phone 123</div></body></html>`;
    const text = extractHtmlPage(html, "https://old.example.com/", ALL).text!;
    expect(text).toContain("Plain text written straight into the div");
    expect(text).toContain("A second run of text follows");
    expect(text).not.toContain("Company Ltd");
  });

  it("takes a schema.org articleBody when the page marks one", () => {
    const body = "Marked body text that the page itself declares as the article body. ".repeat(5);
    const html = `<html><body><div class="x">${"Long unrelated text in a big block, with commas, many, many, commas. ".repeat(10)}</div><div itemprop="articleBody"><p>${body}</p></div></body></html>`;
    const text = extractHtmlPage(html, "https://m.example.com/", ALL).text!;
    expect(text).toBe(body.trim());
  });

  it("takes an h-entry's e-content (microformats) whole, however many rows of blocks lay it out", () => {
    // A block builder's nesting: each block wraps its text four deep, rows and columns above it.
    const wrapped = (inner: string) =>
      `<div class="html-block"><div class="block-content"><div class="text-container"><div class="html-content">${inner}</div></div></div></div>`;
    const block = (t: string) => `<div class="row"><div class="col span-12">${wrapped(`<p>${t}</p>`)}</div></div>`;
    const intro = "This post compares the wireless headphones we tested this year, for every budget and every kind of listener.";
    const review = (n: number) =>
      `Model ${n} is the pair we reach for on long flights, with noise cancelling that holds up, a comfortable band, and, at last, good calls.`;
    const reviews = [1, 2, 3, 4, 5, 6].map((n) => wrapped(`<h2>Model ${n}</h2><p>${review(n)}</p><p>${review(n + 10)}</p>`)).join("");
    const html = `<html><body><article class="h-entry"><h1 class="p-name">Best wireless headphones</h1><div class="e-content">${block(intro)}<div class="row"><div class="col span-12">${reviews}</div></div></div></article></body></html>`;
    const text = extractHtmlPage(html, "https://blog.example.com/p/headphones", ALL).text!;
    expect(text).toContain(intro);
    expect(text).toContain(review(4));
  });

  it("trusts an entry body only where the page has one: related posts' excerpts classed alike are not the story", () => {
    const story = ["clay", "glaze", "kilns", "wheels"]
      .map((t) => `<p>Potters argue about ${t} more than anything else, and every studio keeps its own rules for them.</p>`)
      .join("");
    const excerpt = (n: number) =>
      `<li><a href="/p/${n}">Older post ${n}</a><p class="related-excerpt entry-content">An older post about firing schedules, number ${n}, and what went wrong in the kiln.</p></li>`;
    const html = `<html><body><article><h1>Studio rules</h1><div class="entry-content">${story}</div></article><ul class="more-posts">${[1, 2, 3].map(excerpt).join("")}</ul></body></html>`;
    const text = extractHtmlPage(html, "https://blog.example.com/studio-rules", ALL).text!;
    expect(text).toContain("every studio keeps its own rules for them");
    expect(text).not.toContain("what went wrong in the kiln");
  });

  it("survives pages nested deeper than the call stack", () => {
    const depth = 50_000;
    const html = `<html><body>${"<div>".repeat(depth)}<p>Deep down there is a paragraph of real text, long enough to count as content.</p>${"</div>".repeat(depth)}</body></html>`;
    const page = extractHtmlPage(html, "https://deep.example.com/", ALL);
    expect(page.text).toBe("Deep down there is a paragraph of real text, long enough to count as content.");
    expect(page.markdown).toContain("Deep down there is a paragraph");
    // 50,000 levels take seconds on a fast machine and about twenty on a slow one: a long timeout, as below.
  }, 60_000);
});

describe("extraction: pages of very many siblings", () => {
  // A list handed to a function as its arguments (a spread) overflows the call stack past ~100,000
  // items; a walk back over every hidden sibling from each was quadratic. Seconds each: a long timeout.
  const many = 200_000;

  it("renders a page of 200,000 sibling paragraphs as text and Markdown", () => {
    const html = `<html><body><main>${"<div><p>Clay, glaze and fire.</p></div>".repeat(many)}</main></body></html>`;
    const page = extractHtmlPage(html, "https://many.example.com/", TEXT);
    expect(page.text?.split("\n\n")).toHaveLength(many);
    expect(page.markdown?.split("\n\n")).toHaveLength(many);
  }, 60_000);

  it("reads a page of 200,000 hidden blocks and JSON-LD arrays of 200,000 items", () => {
    const items = JSON.stringify(Array.from({ length: many }, (_, i) => ({ "@type": "Thing", name: `n${i}` })));
    const ld = `<script type="application/ld+json">${items}</script><script type="application/ld+json">{"@graph":${items}}</script>`;
    const html = `<html><head>${ld}</head><body>${"<div hidden><p>Folded away.</p></div>".repeat(many)}<main><p>The visible paragraph of real text, long enough to count as the content.</p></main></body></html>`;
    const page = extractHtmlPage(html, "https://many.example.com/", ALL);
    expect(page.text).toContain("The visible paragraph of real text");
    expect(page.metadata?.publishedAt).toBeUndefined();
  }, 60_000);

  it("reads a page of 30,000 disclosure buttons and their panels in a few seconds (each panel's wrappers were found by listing all its siblings)", () => {
    const panels = Array.from(
      { length: 30_000 },
      (_, i) => `<button aria-controls="p${i}" aria-expanded="false">Open</button><div id="p${i}" hidden>Panel number ${i} says its piece.</div>`,
    );
    const page = extractHtmlPage(`<html><body><main><h1>Panels</h1><div>${panels.join("")}</div></main></body></html>`, "https://many.example.com/", TEXT);
    expect(page.text).toContain("Panel number 29999 says its piece.");
  }, 60_000);

  it("renders one run of 40,000 links holding blocks as Markdown (the run's end was joined anew for each link)", () => {
    const links = Array.from({ length: 40_000 }, (_, i) => `<a href="/item/${i}"><div>Item ${i}</div></a>`).join("");
    const page = extractHtmlPage(`<html><body><main>${links}</main></body></html>`, "https://many.example.com/", TEXT);
    expect(page.markdown).toContain("[Item 39999](https://many.example.com/item/39999)");
  }, 60_000);

  it("renders a code block of 80,000 line elements as Markdown (whether the block ended a line was asked of all of it each time)", () => {
    const lines = Array.from({ length: 80_000 }, (_, i) => `<span class="line">step(${i});</span>`).join("");
    const page = extractHtmlPage(`<html><body><main><pre><code>${lines}</code></pre></main></body></html>`, "https://many.example.com/", TEXT);
    expect(page.markdown).toContain("step(0);\nstep(1);");
    expect(page.markdown).toContain("step(79999);");
  }, 60_000);

  it("renders 40,000 paragraphs under 400 nested quotes (each quote was read whole for repeats, and marked every line again)", () => {
    const paragraphs = Array.from({ length: 40_000 }, (_, i) => `<p>Quoted line ${i}.</p>`).join("");
    const page = extractHtmlPage(`<html><body><main>${"<blockquote>".repeat(400)}${paragraphs}</main></body></html>`, "https://many.example.com/", TEXT);
    expect(page.text).toContain("Quoted line 39999.");
    expect(page.markdown).toContain(`${"> ".repeat(12)}Quoted line 39999.`);
    expect(page.markdown).not.toContain("> ".repeat(13));
  }, 60_000);

  it("renders a table of 130,000 rows as Markdown (its width was a spread of every row into Math.max)", () => {
    const rows = Array.from({ length: 130_000 }, (_, i) => `<tr><td>Kiln ${i}</td><td>cone six</td></tr>`).join("");
    const page = extractHtmlPage(`<html><body><main><table>${rows}</table></main></body></html>`, "https://many.example.com/", TEXT);
    expect(page.markdown).toContain("| Kiln 129999 | cone six |");
  }, 60_000);

  it("removes 200,000 blocks beside a story at once: named boilerplate in one parent, paragraphs of links (one by one, each shifted the rest of its list)", () => {
    const story = `<h1>Glazes</h1><p>${"The story of the glaze, told at length, with commas. ".repeat(20)}</p>`;
    const named = Array.from({ length: many }, (_, i) => `<div class="share share-${i}">Share</div>`).join("");
    const links = "<p><a href='/tag'>a tag of the story</a></p>".repeat(many);
    for (const [html, removed] of [
      [`<main>${story}${named}</main>`, "Share"],
      [`<main><article>${story}${links}</article></main>`, "a tag of the story"],
    ] as const) {
      const page = extractHtmlPage(`<html><body>${html}</body></html>`, "https://many.example.com/", TEXT);
      expect(page.text).toContain("The story of the glaze");
      expect(page.text).not.toContain(removed);
    }
  }, 60_000);

  it("removes a line said again 80,000 times at once: a product's line, a story's long sentence (each removal shifted the rest of the line's parent)", () => {
    const times = 80_000;
    const product = `<head><meta property="og:type" content="product"></head><body><main><h1>Glaze kit</h1><div>${"The glaze kit fires to cone six in any electric kiln.<br>".repeat(times)}</div></main></body>`;
    const sentence = "The story of the glaze, told at length and said again word for word, as a page rendered twice would show it.";
    const story = `<body><article><h1>Glazes</h1><p>${`${sentence}<br>`.repeat(times)}</p></article></body>`;
    for (const [html, line] of [
      [product, "The glaze kit fires to cone six in any electric kiln."],
      [story, sentence],
    ] as const) {
      const text = extractHtmlPage(`<html>${html}</html>`, "https://many.example.com/", TEXT).text ?? "";
      expect(text.split(line)).toHaveLength(2);
    }
  }, 60_000);

  it("removes 240,000 cards under a 'Related' heading, 240,000 comments on an answer and 20,000 copies of a section at once", () => {
    const story = `<h1>Glazes</h1><p>${"The story of the glaze, told at length, with commas. ".repeat(20)}</p>`;
    const related = `<article>${story}<h2>Related articles</h2>${"<div><a href='/s'>Another story</a></div>".repeat(240_000)}</article>`;
    const comment = '<div itemscope itemtype="https://schema.org/Comment">Thanks, that worked.</div>';
    const answer = `<div itemscope itemtype="https://schema.org/Answer"><p>${"Cone six suits most stoneware glazes. ".repeat(20)}</p>${comment.repeat(240_000)}</div>`;
    const question = `<main><div itemscope itemtype="https://schema.org/Question"><h1>Which cone?</h1>${answer}</div></main>`;
    const copy = "The story of the glaze, told at length and said again word for word in a copy of the section.";
    const sections = `<article><h1>Glazes</h1>${`<section><p>${copy}</p><p>With a second block in it.</p></section>`.repeat(20_000)}</article>`;
    for (const [html, kept, once] of [
      [related, "The story of the glaze", "Another story"],
      [question, "Cone six suits", "Thanks, that worked."],
      [sections, copy, copy],
    ] as const) {
      const text = extractHtmlPage(`<html><body>${html}</body></html>`, "https://many.example.com/", TEXT).text ?? "";
      expect(text).toContain(kept);
      expect(text.split(once).length).toBeLessThanOrEqual(2);
    }
  }, 60_000);

  it("reads a page of 20,000 'Related articles' headings (each read the content's whole text and shifted its parent's list)", () => {
    const story = `<h1>Glazes</h1><p>${"The story of the glaze, told at length, with commas. ".repeat(20)}</p>`;
    const pointing = Array.from({ length: 20_000 }, (_, i) => `<h2>Related articles</h2><div><a href="/s/${i}">Story number ${i}</a></div>`).join("");
    const page = extractHtmlPage(`<html><body><article>${story}${pointing}</article></body></html>`, "https://many.example.com/", TEXT);
    expect(page.text).toContain("The story of the glaze");
    expect(page.text).not.toContain("Story number 0");
  }, 60_000);

  it("reads the contacts of a paragraph of 80,000 pieces (the line's end was joined anew for each piece)", () => {
    const options = Array.from({ length: 80_000 }, (_, i) => `<option>Option ${i}</option>`).join("");
    const page = extractHtmlPage(`<html><body><p>Write to sales@many.example.com</p><select>${options}</select></body></html>`, "https://many.example.com/", {
      ...ALL,
      contacts: true,
    });
    expect(page.contacts?.emails).toContain("sales@many.example.com");
  }, 60_000);
});

describe("extraction: a page that cleaning would empty", () => {
  it("keeps the content uncleaned rather than return nothing (a store's two offers in a list, each mostly its link)", () => {
    const head = `<head><title>Serums</title><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Serum trio","offers":{"@type":"Offer","price":"88"}}</script></head>`;
    const item = (name: string, price: string) =>
      `<li class="item"><a href="/p/${name}">${name}: all three of our hydrating serums in one box, with a travel pouch</a> <span>£${price}</span></li>`;
    const list = `<ul class="products">${item("Super Pack", "88")}${item("Balm Trio", "42")}</ul>`;
    const page = extractHtmlPage(
      `<html>${head}<body><main><div class="toolbar">Home / Skincare / Serums and Oils / Sets and Gifts / Best sellers this week</div>${list}</main></body></html>`,
      "https://shop.example/c",
      TEXT,
    );
    expect(page.text).toContain("Super Pack: all three of our hydrating serums");
    expect(page.text).toContain("Balm Trio");
  });

  it("still returns nothing for a page whose only text is a few words of chrome", () => {
    const page = extractHtmlPage(
      `<html><body><main><div class="cart"><a href="/cart">Cart</a> <span>0 items</span></div></main></body></html>`,
      "https://shop.example/",
      TEXT,
    );
    expect(page.text).toBe("");
  });
});
