import { describe, expect, it } from "vitest";
import { parseHtml } from "./dom";
import { extractMainContent } from "./main-content";
import { declaredPageType } from "./page-type";

const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const declared = (head: string, body = "") => declaredPageType(parseHtml(`<html><head>${head}</head><body>${body}</body></html>`));

describe("declared page type", () => {
  it("reads a thread from JSON-LD DiscussionForumPosting or QAPage", () => {
    expect(declared(ld({ "@context": "https://schema.org", "@type": "DiscussionForumPosting", headline: "Help" }))).toBe("forum");
    expect(declared(ld({ "@type": "QAPage", mainEntity: { "@type": "Question" } }))).toBe("forum");
  });

  it("reads a product from JSON-LD (also as a graph member or main entity), microdata or og:type", () => {
    expect(declared(ld({ "@graph": [{ "@type": "WebSite" }, { "@type": "Product", offers: { "@type": "Offer" } }] }))).toBe("product");
    expect(declared(ld({ "@type": "WebPage", mainEntity: { "@type": "Product", offers: { "@type": "Offer", price: "12" } } }))).toBe("product");
    expect(declared(ld({ "@type": "ProductGroup", hasVariant: [{ "@type": "Product", offers: { "@type": "Offer" } }] }))).toBe("product");
    expect(declared("", `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Kettle</span></div>`)).toBe("product");
    expect(declared(`<meta property="og:type" content="product">`)).toBe("product");
  });

  it("reads a Product of the page's own without offers as no declaration, whatever og:type says", () => {
    const stars = ld({ "@type": "Product", name: "Pest control", aggregateRating: { "@type": "AggregateRating", ratingValue: 4.9 } });
    expect(declared(`${stars}<meta property="og:type" content="article">`)).toBeUndefined();
    expect(declared(ld({ "@graph": [{ "@type": ["Product", "SoftwareApplication"], name: "Marketing suite" }] }))).toBeUndefined();
    // An article that also describes a product stays an article.
    expect(declared(`${stars}${ld({ "@type": "BlogPosting", headline: "Ants" })}`)).toBe("article");
  });

  it("tells a collection of products from a listing by what the list holds", () => {
    expect(declared(ld({ "@type": "ItemList", itemListElement: [{ "@type": "ListItem", item: { "@type": "Product" } }] }))).toBe("collection");
    expect(declared(ld({ "@type": "CollectionPage", hasPart: [{ "@type": "Event" }] }))).toBe("listing");
    expect(declared(`<meta property="og:type" content="product.group">`)).toBe("collection");
  });

  it("reads microdata items inside an ItemList as the list's items, not as the page's own type", () => {
    const item = (type: string, name: string) =>
      `<li itemprop="itemListElement" itemscope itemtype="https://schema.org/${type}"><a itemprop="url" href="/${name.length}"><span itemprop="name">${name}</span></a></li>`;
    const list = (type: string, names: readonly string[]) =>
      `<ul itemscope itemtype="https://schema.org/ItemList">${names.map((name) => item(type, name)).join("")}</ul>`;
    // Products in a list make a page of products to choose from, not one product's page.
    expect(declared("", list("Product", ["Speckled mug", "Noodle bowl", "Tea bowl"]))).toBe("collection");
    // A board's topics in a list make a listing, not a thread.
    expect(declared("", list("DiscussionForumPosting", ["Kiln shelf paint that holds", "Crawling glaze on bisque", "Best cone 6 clear"]))).toBe("listing");
  });

  it("reads documentation and articles, and nothing from a page that declares nothing", () => {
    expect(declared(ld({ "@type": "TechArticle" }))).toBe("documentation");
    expect(declared(ld({ "@type": ["NewsArticle"] }))).toBe("article");
    expect(declared(`<meta property="og:type" content="article">`)).toBe("article");
    expect(declared(ld({ "@type": "BreadcrumbList" }))).toBeUndefined();
    expect(declared("<title>x</title>")).toBeUndefined();
  });
});

describe("structural page type", () => {
  const para = (t: string) => `<p>A paragraph about ${t}, long enough to count, with commas, and more words to read.</p>`;
  const read = (html: string) => extractMainContent(parseHtml(html)).pageType;

  it("calls a story an article, and documentation when it has code blocks", () => {
    expect(read(`<html><body><div>${para("a")}${para("b")}${para("c")}</div></body></html>`)).toBe("article");
    expect(read(`<html><body><div>${para("a")}<pre>npm install thing</pre>${para("b")}${para("c")}</div></body></html>`)).toBe("documentation");
  });

  it("calls a region of cards a listing and a region of sections a service page", () => {
    const cards = Array.from({ length: 6 }, (_, i) => `<div class="card"><a href="/e${i}">Event number ${i} in the big hall</a></div>`).join("");
    expect(read(`<html><body><main><div class="grid">${cards}</div></main></body></html>`)).toBe("listing");
    const feature = (t: string) => `<div class="feature"><h3>${t}</h3><div>Short line about ${t} for busy buyers</div></div>`;
    const features = ["Speed", "Safety", "Support", "Scale"].map(feature).join("");
    const page = `<main><section class="hero"><h1>Cloud backups</h1>${para("backups")}</section><section>${features}</section><section><h2>Questions</h2>${para("pricing")}</section></main>`;
    expect(read(`<html><body>${page}</body></html>`)).toBe("service");
  });

  it("reads what the address says: a front page is no story, a story in a docs folder is documentation", () => {
    const story = `<html><head><meta property="og:type" content="article"></head><body><main><h1>Acme</h1><div>${para("a")}${para("b")}${para("c")}</div><a href="/x">Pricing</a></main></body></html>`;
    const at = (pageUrl: string) => extractMainContent(parseHtml(story), { pageUrl }).pageType;
    expect(at("https://acme.example/blog/launch")).toBe("article");
    expect(at("https://acme.example/")).toBe("service");
    expect(at("https://acme.example/docs/getting-started")).toBe("documentation");
    // A declaration other than og:type's default stays as declared.
    const declaredAs = (head: string) => extractMainContent(parseHtml(story.replace("<head>", `<head>${head}`)), { pageUrl: "https://acme.example/" }).pageType;
    expect(declaredAs(ld({ "@type": "BlogPosting", headline: "Launch" }))).toBe("article");
    expect(declaredAs(ld({ "@type": "Product", offers: { "@type": "Offer" } }))).toBe("product");
  });
});
