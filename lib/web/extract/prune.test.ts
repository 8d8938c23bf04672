import { describe, expect, it } from "vitest";
import { documentBody, parseHtml } from "./dom";
import { plainText } from "./plain-text";
import { prune } from "./prune";

/** The page's body pruned, as its text. */
function pruned(body: string): string {
  const root = documentBody(parseHtml(`<html><body>${body}</body></html>`))!;
  prune(root);
  return plainText([root]);
}

describe("prune: blocks named boilerplate", () => {
  // A blog's front page of three posts, the first laid out wide under a name its theme took from banners.
  const post = (topic: string) =>
    `<h2>Notes on ${topic}</h2><p>This week we fired ${topic} twice, and the second firing went slower, so the glaze had time to heal.</p>`;
  const front = (tag: string) =>
    `<${tag} class="featured banner-wide">${post("stoneware")}</${tag}><article>${post("porcelain")}</article><article>${post("raku")}</article>`;

  it("never removes an <article> for its class, where a <div> so named goes", () => {
    const out = pruned(front("article"));
    expect(out).toContain("we fired stoneware twice");
    expect(out).toContain("we fired raku twice");
    expect(pruned(front("div"))).not.toContain("we fired stoneware twice");
  });
});

describe("prune: landmarks of chrome", () => {
  // An explainer whose site serves its masthead after the content: a <header> under machine-made
  // classes, holding a mega-menu of links each with a line under it, longer than the page itself.
  const menu = ["Databases", "Analytics", "Security", "Networking", "Storage", "Compute", "Migration", "Observability"]
    .map(
      (product) =>
        `<li><a href="/${product.toLowerCase()}"><div>${product}</div><div>Everything about ${product.toLowerCase()} in one place for your whole team.</div></a></li>`,
    )
    .join("");
  const explainer = `<div class="x7Qa"><h1>What is a cloud region?</h1><p>A region is a set of data centres close enough to one another that a database can copy each write to all of them before it answers.</p></div>`;

  it("removes a <header> outside the page's sections whose text is links, whatever its classes and size", () => {
    const out = pruned(`${explainer}<div><header class="oOR9Ab"><div class="cgHurd"><ul>${menu}</ul></div></header></div>`);
    expect(out).toContain("A region is a set of data centres");
    expect(out).not.toContain("Everything about databases");
  });

  it("removes an element given the navigation role whose text is links, and keeps one that reads as text", () => {
    const links = `<div class="gsc_rsb" role="navigation"><ul>${menu.replace(/<div>Everything[^<]*<\/div>/g, "")}</ul></div>`;
    const coauthors = `<div class="gsc_rsb" role="navigation"><ul><li><a href="/a">Vinod Nair</a> Research scientist who wrote the paper on rectified linear units with the author, and two more since.</li></ul></div>`;
    expect(pruned(explainer + links)).not.toContain("Databases");
    expect(pruned(explainer + coauthors)).toContain("Research scientist who wrote the paper");
  });

  it("keeps an article's own header, and a header that reads as text", () => {
    const story = `<article><header><h1>What is a cloud region?</h1><ul>${menu}</ul></header><p>A region is a set of data centres close to one another.</p></article>`;
    expect(pruned(story)).toContain("Everything about databases");
    const masthead = `<header class="oOR9Ab"><h1>What is a cloud region?</h1><p>A region is a set of data centres close enough to one another that a database can copy each write to all of them before it answers. <a href="/zones">Zones</a> sit inside it.</p></header>`;
    expect(pruned(masthead + explainer)).toContain("a database can copy each write to all of them before it answers. Zones");
  });
});

describe("prune: a card template's terms", () => {
  const card = (brand: string, name: string) =>
    `<li><a href="/p/${name}"><dl><dt>Brand Name</dt><dd>${brand}</dd><dt>Product Name</dt><dd>${name}</dd></dl></a></li>`;

  it("removes a term that five description lists repeat, and keeps each value and a product's own terms", () => {
    const grid = `<ul>${["Trail 5", "Road 2", "Ridge 7", "Valley 1", "Summit 3"].map((name) => card("Topo", name)).join("")}</ul>`;
    const out = pruned(grid);
    expect(out).toContain("Ridge 7");
    expect(out).not.toContain("Brand Name");
    const specs = `<dl><dt>Weight</dt><dd>240 g</dd><dt>Drop</dt><dd>5 mm</dd><dt>Stack</dt><dd>28 mm</dd><dt>Upper</dt><dd>Mesh</dd><dt>Sole</dt><dd>Rubber</dd></dl>`;
    expect(pruned(specs)).toContain("Weight");
  });
});

describe("prune: dialogs and blocks not to be quoted", () => {
  const rentals = `<main><h1>Formal shoe gallery</h1><p>Every shoe rental comes with socks, and the shop fits each pair in store the week before the wedding.</p></main>`;

  it("removes an element with a dialog's or a tooltip's role, aria-modal, or a framework's modal mark, as it removes a <dialog>, unless it holds the page", () => {
    const popup = (attributes: string) =>
      `<div ${attributes}><div class="modal-body"><h3>Choose your region</h3><p>Confirm your country so that prices and delivery dates are right for you.</p></div></div>`;
    for (const opened of [
      popup('role="dialog"'),
      popup('role="alertdialog"'),
      popup('role="tooltip"'),
      popup('role="region" aria-modal="true"'),
      popup('class="modal fade"'),
      popup('id="region-check" class="reveal" data-reveal'),
    ]) {
      const out = pruned(rentals + opened);
      expect(out).toContain("Every shoe rental comes with socks");
      expect(out).not.toContain("Confirm your country");
    }
    expect(pruned(rentals + popup('role="region" class="modal-like"'))).toContain("Confirm your country");
    expect(pruned(`<div role="dialog">${rentals}</div>`)).toContain("Every shoe rental comes with socks");
    expect(pruned(`<div class="modal">${rentals}</div>`)).toContain("Every shoe rental comes with socks");
  });

  it("reads what is opened over the page, or kept from search engines, when it holds most of the page's text", () => {
    const post = `<h1>Formal shoe gallery</h1><p>Every shoe rental comes with socks, and the shop fits each pair in store the week before the wedding.</p>`;
    for (const page of [
      `<div role="dialog" aria-modal="true">${post}</div>`,
      `<dialog open>${post}</dialog>`,
      `<div data-nosnippet>${post}</div>`,
      `<div data-nosnippet>${post}</div><p>Menu</p>`,
    ])
      expect(pruned(page)).toContain("Every shoe rental comes with socks");
    // A footer is chrome by its tag, however much it holds.
    expect(pruned(`<p>Shoes</p><footer data-nosnippet>${post}</footer>`)).not.toContain("Every shoe rental comes with socks");
  });

  it("weighs each block opened over the page against the whole page, a small one asked about first or last", () => {
    const post = `<h1>Formal shoe gallery</h1><p>Every shoe rental comes with socks, and the shop fits each pair in store the week before the wedding.</p><p>Bring the shoes back within three days of the wedding; the shop cleans and presses them for the next party.</p>`;
    const region = `<div role="dialog"><p>Confirm your country so that prices are right.</p></div>`;
    const modal = `<div role="dialog" aria-modal="true">${post}</div>`;
    for (const page of [`<p>Menu</p>${region}${modal}`, `<p>Menu</p>${modal}${region}`, `${region}<p>Menu</p>${region}${modal}`]) {
      const out = pruned(page);
      expect(out).toContain("Every shoe rental comes with socks");
      expect(out).not.toContain("Confirm your country");
    }
  });

  it("removes a block the site asks search engines not to quote", () => {
    const notice = `<div data-nosnippet><p>We use cookies to remember your sizes and to measure which pages you read.</p></div>`;
    const out = pruned(rentals + notice);
    expect(out).toContain("Every shoe rental comes with socks");
    expect(out).not.toContain("We use cookies");
  });
});

describe("prune: anchors named for their sections' titles", () => {
  // A documentation page whose generator names each section for links to it, as Sphinx does.
  const section = (id: string, title: string) =>
    `<section id="${id}"><h2>${title}<a class="headerlink" href="#${id}">¶</a></h2><p>The ${title.toLowerCase()} section: what a client sends, what the server answers, and what a proxy between them may change.</p></section>`;
  const docs = (sections: string) =>
    `<div>${["sessions", "redirects", "timeouts", "retries"].map((topic) => `<p>Requests keeps ${topic} per session, and each call may override the default for that call alone.</p>`).join("")}${sections}</div>`;

  it("keeps a section whose id is its heading's anchor, whatever words the title holds", () => {
    const out = pruned(
      docs(section("link-headers", "Link Headers") + section("cookies", "Cookies") + section("respond-to-review-comments", "Respond to review comments")),
    );
    expect(out).toContain("The link headers section");
    expect(out).toContain("The cookies section");
    expect(out).toContain("The respond to review comments section");
  });

  it("keeps a block named for its heading with a short prefix or a cut slug, by its id or a class", () => {
    const titled = (attributes: string, title: string) =>
      `<div ${attributes}><h2>${title}</h2><p>The ${title.toLowerCase()} part: what a client sends, what the server answers, and what a proxy between them may change.</p></div>`;
    const out = pruned(
      docs(
        // Django's `s-` sections, and an editor's `h-` class on a heading whose slug it cut and whose apostrophe it dropped.
        titled(`id="s-extra-fields-on-social-relationships"`, "Extra fields on social relationships") +
          `<h3 class="wp-block-heading h-why-germany-s-social-apps-share">Why Germany's social apps share your data</h3><p>Germany's social apps share data with partners under contracts the regulator reads each year.</p>`,
      ),
    );
    expect(out).toContain("The extra fields on social relationships part");
    expect(out).toContain("Why Germany's social apps share your data");
  });

  it("still removes a block so named whose heading says something else", () => {
    expect(pruned(docs(section("comments", "Leave a reply")))).not.toContain("The leave a reply section");
    // A name only a few letters long is no slug of its title.
    expect(pruned(docs(section("s-social", "Social media and sharing")))).not.toContain("The social media and sharing section");
  });
});

describe("prune: a block named a menu", () => {
  const answer = (topic: string) =>
    `<p>Kilns for ${topic} reach cone 6 in about eight hours, and a controller holds the last half hour so the glaze can smooth over.</p>`;
  const page = (block: string) =>
    `<div>${["stoneware", "porcelain", "raku", "earthenware", "terracotta", "bone china", "paper clay", "crank", "grogged clay", "slip"].map((t) => `<p>We fire ${t} in an electric kiln, loaded the evening before, with witness cones on every shelf.</p>`).join("")}${block}</div>`;

  it("keeps one that reads as paragraphs of prose (a FAQ's answers in a tabs menu), and removes one of links", () => {
    expect(
      pruned(page(`<div class="faq_tabs-menu"><h3>How long does a firing take?</h3>${["stoneware", "porcelain", "raku", "glass"].map(answer).join("")}</div>`)),
    ).toContain("Kilns for glass reach cone 6");
    const links = ["Kilns", "Glazes", "Clay", "Tools", "Classes"].map((l) => `<a href="/${l.toLowerCase()}">${l}</a>`).join(" ");
    expect(pruned(page(`<div class="site-menu">${links}</div>`))).not.toContain("Glazes");
  });
});

describe("prune: content under a misleading name", () => {
  const story = `<div><h1>Glazing at cone 6</h1><p>Mid-fire glazes melt at about 1,220 degrees, so an electric kiln reaches them without a gas line. We mix ours from six raw materials and test each batch on a tile first.</p><p>A test tile is fired on a cookie of scrap clay, so a runny glaze ruins the cookie and not the shelf, which costs far more to replace than clay.</p></div>`;
  // Four offers, together holding more than the story, each named by an id and no class.
  const promos = ["spring", "summer", "autumn", "winter"]
    .map(
      (season) =>
        `<div id="promo-${season}">The ${season} sale takes a fifth off every bag of clay and every glaze kit in the shop, with free delivery on orders over fifty pounds.</div>`,
    )
    .join("");

  it("reads blocks of one kind by their class: blocks named boilerplate by their ids alone go, however much they hold together", () => {
    const out = pruned(`${story}${promos}`);
    expect(out).toContain("test each batch on a tile first");
    expect(out).not.toContain("sale takes a fifth off");
  });
});
