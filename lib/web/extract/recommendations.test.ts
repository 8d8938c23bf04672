import { describe, expect, it } from "vitest";
import { documentBody, elementChildren, parseHtml } from "./dom";
import { extractMainContent } from "./main-content";
import { plainText } from "./plain-text";
import { removeRecommendations } from "./recommendations";

const text = (html: string) => extractMainContent(parseHtml(html)).text;
const sentence = (topic: string) => `This paragraph about ${topic} is long enough to read as prose, with a comma, and another one, for the scorer to count it.`;
const productHead = `<head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Oak desk","offers":{"@type":"Offer","price":"420"}}</script></head>`;
const product = `<h1>Oak desk</h1><p>${sentence("the oak desk")}</p><p>${sentence("its drawers")}</p><h2>Specifications</h2><ul><li>Width 140 cm</li><li>Depth 70 cm</li></ul>`;
const cards = (n: number) =>
  `<div class="grid">${Array.from(
    { length: n },
    (_, i) =>
      `<div class="tile"><a href="/p${i}"><h3>Walnut shelf ${i}</h3></a><p>Solid walnut, eighty centimetres wide, oiled by hand</p><span>$${100 + i}.00</span></div>`,
  ).join("")}</div>`;

describe("main content: sections pointing to other pages", () => {
  it("drops a product page's 'Customers also bought' cards with their heading", () => {
    const out = text(
      `<html>${productHead}<body><main>${product}<section><h2>Customers who bought this also bought</h2>${cards(6)}</section></main></body></html>`,
    );
    expect(out).toContain("about the oak desk");
    expect(out).toContain("about its drawers");
    expect(out).not.toContain("Walnut shelf");
    expect(out).not.toContain("also bought");
  });

  it("drops a product page's reviews block, read from its class, but not a section whose anchor id says review", () => {
    const reviews = `<div class="product-reviews"><h2>Customer reviews</h2><p>83% of 96 reviewers recommend it. Sturdy and easy to assemble, five stars from me.</p></div>`;
    const out = text(`<html>${productHead}<body><main>${product}${reviews}</main></body></html>`);
    expect(out).toContain("about its drawers");
    expect(out).not.toContain("reviewers recommend");
    const anchored = `<section id="oak-desk-review"><p>${sentence("our review of the desk")}</p></section>`;
    expect(text(`<html>${productHead}<body><main>${product}${anchored}</main></body></html>`)).toContain("about our review of the desk");
  });

  it("drops what follows such a heading among flat siblings, up to the next heading of its level", () => {
    const out = text(
      `<html>${productHead}<body><main>${product}<h2>You may also like</h2>${cards(6)}<h2>Care</h2><p>${sentence("oiling the desk")}</p></main></body></html>`,
    );
    expect(out).not.toContain("Walnut shelf");
    expect(out).toContain("about oiling the desk");
  });

  it("reads such headings in other languages", () => {
    const headings = [
      "Vous aimerez aussi",
      "À lire aussi",
      "Das könnte Sie auch interessieren",
      "Ähnliche Produkte",
      "También te puede interesar",
      "Articoli correlati",
      "Produtos relacionados",
      "Gerelateerde artikelen",
      "Похожие товары",
      "Читайте также:",
      "関連商品",
      "猜你喜欢",
      "相關文章",
      "관련 상품",
    ];
    for (const heading of headings) {
      const out = text(`<html>${productHead}<body><main>${product}<section><h2>${heading}</h2>${cards(6)}</section></main></body></html>`);
      expect(out, heading).toContain("about its drawers");
      expect(out, heading).not.toContain("Walnut shelf");
    }
    // A word alone may title the page's own section: "Popular" in Russian heads the shop's own bestsellers here.
    const own = text(`<html>${productHead}<body><main>${product}<section><h2>Популярное</h2>${cards(6)}</section></main></body></html>`);
    expect(own).toContain("Walnut shelf");
  });

  it("keeps prose under a heading that reads like one ('Related' work in a story)", () => {
    const out = text(
      `<html><body><main><article><h1>Folding</h1><p>${sentence("folding paper")}</p><h2>Related</h2><p>${sentence("earlier papers on folding")}</p></article></main></body></html>`,
    );
    expect(out).toContain("about earlier papers on folding");
  });

  it("leaves a story alone when its only heading ends it: the section would be the whole story", () => {
    const story = ["harbours", "bridges", "tunnels"].map((t) => `<p>${sentence(t)}</p>`).join("");
    const out = text(`<html><body><main><div class="post">${story}<h3>Related</h3></div></main></body></html>`);
    expect(out).toContain("about harbours");
    expect(out).toContain("about tunnels");
  });

  it("keeps a heading that only starts like one but is a sentence", () => {
    const out = text(
      `<html><body><main>${product}<h2>Similar products have failed before, but this desk was built to last</h2><p>${sentence("its warranty")}</p></main></body></html>`,
    );
    expect(out).toContain("about its warranty");
  });
});

describe("main content: other products on a product page", () => {
  it("drops a run of priced cards without any heading (a carousel), keeping the product's own text", () => {
    const details = ["its oak", "its finish", "its legs", "its delivery"].map((t) => `<p>${sentence(t)}</p>`).join("");
    const out = text(`<html>${productHead}<body><main>${product}${details}<p>$420.00</p>${cards(4)}</main></body></html>`);
    expect(out).toContain("about the oak desk");
    expect(out).toContain("$420.00");
    expect(out).not.toContain("Walnut shelf");
  });

  it("drops what follows 'Explore related items'", () => {
    const out = text(`<html>${productHead}<body><main>${product}<h2>Explore related items</h2>${cards(2)}</main></body></html>`);
    expect(out).not.toContain("Walnut shelf");
    expect(out).not.toContain("Explore related");
  });

  it("keeps priced cards that hold most of the page (a product page that is really a listing), and cards without prices (features)", () => {
    expect(text(`<html>${productHead}<body><main><h1>Shelves</h1>${cards(12)}</main></body></html>`)).toContain("Walnut shelf 11");
    const features = `<div class="features">${Array.from({ length: 4 }, (_, i) => `<div class="feature"><h3>Feature ${i}</h3><p>Solid oak throughout, oiled by hand, and built to be taken apart for a move.</p></div>`).join("")}</div>`;
    expect(text(`<html>${productHead}<body><main>${product}${features}</main></body></html>`)).toContain("Feature 3");
  });

  it("leaves priced cards alone on a page that is not a product", () => {
    const articleHead = `<head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Article"}</script></head>`;
    expect(
      text(
        `<html>${articleHead}<body><main><h1>Desks</h1>${["desks", "chairs", "lamps"].map((t) => `<p>${sentence(t)}</p>`).join("")}${cards(4)}</main></body></html>`,
      ),
    ).toContain("about lamps");
  });

  it("drops the cards under 'Other interesting articles' and 'More from' a site, a word between the parts or not", () => {
    const story = ["harbours", "bridges", "tunnels"].map((t) => `<p>${sentence(t)}</p>`).join("");
    const teasers = ["Ten days in Iceland", "Packing for a fjord", "Ferries of the north"]
      .map((t, i) => `<div class="teaser"><h3><a href="/p/${i}">${t}</a></h3><p>Where to sleep, what to eat, and how to get there by sea.</p></div>`)
      .join("");
    for (const heading of ["Other interesting articles", "More great stories", "More from Harbour Weekly:"]) {
      const root = elementChildren(
        documentBody(parseHtml(`<html><body><div>${story}<section><h2>${heading}</h2>${teasers}</section></div></body></html>`))!,
      )[0]!;
      removeRecommendations(root);
      const out = plainText([root]);
      expect(out, heading).toContain("about tunnels");
      expect(out, heading).not.toContain("Packing for a fjord");
    }
  });

  it("drops a thread's 'Similar threads' list, keeping every post", () => {
    const posts = ["a fan that rattles", "a fix with washers", "a thanks for the fix"]
      .map((t) => `<article class="message"><h4>member</h4><p>${sentence(t)}</p></article>`)
      .join("");
    const similar = `<div class="block"><h2 class="block-header">Similar threads</h2><div class="block-body">${["Fan noise at idle", "Which fans fit the case"].map((t, i) => `<div class="item"><a href="/threads/${i}">${t}</a> <time>Aug 1, 2013</time> Replies 3</div>`).join("")}</div></div>`;
    const out = text(`<html><head><meta property="og:type" content="discussion"></head><body><main>${posts}${similar}</main></body></html>`);
    for (const topic of ["rattles", "washers", "thanks for the fix"]) expect(out).toContain(topic);
    expect(out).not.toContain("Fan noise at idle");
    expect(out).not.toContain("Similar threads");
  });
});

describe("recommendations: the section such a heading names", () => {
  // A shop's journal entry on caring for oak, with the shop's own cards after it.
  const story = ["oiling oak", "waxing oak", "sanding out rings"].map((t) => `<p>${sentence(t)}</p>`).join("");
  const shelves = `<div class="grid">${["Oak shelf", "Oak stool", "Oak tray"].map((n, i) => `<div class="tile"><a href="/p${i}">${n}</a><span>$${40 + i}.00</span></div>`).join("")}</div>`;
  /** The text of the page's first block once its recommendations are removed. */
  const without = (html: string) => {
    const root = elementChildren(documentBody(parseHtml(`<html><body>${html}</body></html>`))!)[0]!;
    removeRecommendations(root);
    return plainText([root]);
  };

  it("removes the smallest block holding more than the heading, though the heading sits alone in a title bar", () => {
    const out = without(`<div>${story}<section><div class="title-bar"><h2>You may also like</h2></div>${shelves}</section></div>`);
    expect(out).toContain("about sanding out rings");
    expect(out).not.toContain("You may also like");
    expect(out).not.toContain("Oak stool");
  });

  it("removes only what follows the heading when the block around it holds another heading", () => {
    const care = `<h2>Care</h2><p>Wipe with a damp cloth, and oil the top twice a year.</p>`;
    const out = without(`<div>${story}<div class="extras"><h2>You may also like</h2>${shelves}${care}</div></div>`);
    expect(out).not.toContain("Oak stool");
    expect(out).toContain("oil the top twice a year");
  });

  it("keeps a block holding half the text or more that merely ends with the heading (a recipe's steps), removing the heading alone", () => {
    const steps = ["Sand the top along the grain", "Wipe off the dust with a damp cloth", "Rub in a thin coat of oil", "Buff it dry after an hour"]
      .map((step) => `<li>${step}.</li>`)
      .join("");
    const out = without(`<div><div class="recipe"><ol>${steps}</ol><h3>You might also like</h3></div><p>Tools: a cloth.</p></div>`);
    expect(out).toContain("Rub in a thin coat of oil");
    expect(out).not.toContain("You might also like");
  });

  it("removes the sections of the first thirty such headings and reads no further (a page of thousands read the content's text for each)", () => {
    const pointing = Array.from({ length: 31 }, (_, i) => `<h2>Related articles</h2><div><a href="/s${i}">Story number ${i}</a></div>`).join("");
    const out = without(`<div>${story}${pointing}</div>`);
    expect(out).toContain("about sanding out rings");
    expect(out).not.toContain("Story number 29");
    expect(out).toContain("Story number 30");
  });
});
