import { describe, expect, it } from "vitest";
import { parseHtml } from "./dom";
import { extractMainContent } from "./main-content";

const text = (html: string) => extractMainContent(parseHtml(html)).text;
const sentence = (topic: string) => `This paragraph about ${topic} is long enough to read as prose, with a comma, and another one, for the scorer.`;
const menu = `<div class="menu-bar"><a href="/">Home</a> <a href="/a">About</a> <a href="/b">Blog</a> <a href="/c">Contact</a></div>`;

describe("main content: a story or the whole region", () => {
  it("takes every section of a sectioned page (a service page), not only the longest one", () => {
    const html = `<html><body>${menu}<main>
      <section><h2>Design</h2><p>${sentence("design")}</p></section>
      <section><h2>Build</h2><p>${sentence("building")}</p><p>${sentence("testing")}</p></section>
      <section><h2>Run</h2><p>${sentence("operations")}</p></section>
    </main><div class="legal">© Example Ltd</div></body></html>`;
    const out = text(html);
    for (const topic of ["design", "building", "testing", "operations"]) expect(out).toContain(`about ${topic}`);
    expect(out).not.toContain("Home");
  });

  it("keeps the title heading the region that is the content, not a story's (its metadata's)", () => {
    const cards = ["Speckled mug", "Noodle bowl", "Tea bowl", "Serving plate"]
      .map((n, i) => `<li class="card"><a href="/p/${i}"><h3>${n} in oatmeal white</h3></a><span>$${18 + i}</span></li>`)
      .join("");
    expect(text(`<html><body>${menu}<main><h1>Stoneware tableware</h1><ul class="grid">${cards}</ul></main></body></html>`)).toMatch(/^Stoneware tableware\n/);
    const story = `<html><body>${menu}<article><h1>Harbours of the north</h1>${["harbours", "bridges", "tunnels"].map((t) => `<p>${sentence(t)}</p>`).join("")}</article></body></html>`;
    expect(text(story)).toContain("about harbours");
    expect(text(story)).not.toContain("Harbours of the north");
  });

  it("keeps the title of a story told in many short sections (a service page's) declaring no kind or an article, not of one told in prose", () => {
    const sections = ["Design", "Build", "Host", "Support"]
      .map((t) => `<h2>${t}</h2><p>We ${t.toLowerCase()} shops for makers who sell pottery, prints and jewellery, and we answer within a day.</p>`)
      .join("");
    expect(text(`<html><body>${menu}<article><h1>Studio websites</h1>${sections}</article></body></html>`)).toMatch(/^Studio websites\n/);
    // og:type "article" is most publishing tools' default: it declares no kind.
    const saidArticle = `<html><head><meta property="og:type" content="article"></head><body>${menu}<article><h1>Studio websites</h1>${sections}</article></body></html>`;
    expect(text(saidArticle)).toMatch(/^Studio websites\n/);
    const prose = ["Design", "Build", "Host", "Support"].map((t) => `<h2>${t}</h2><p>${sentence(t)} ${sentence(t)} ${sentence(t)}</p>`).join("");
    expect(text(`<html><body>${menu}<article><h1>Studio websites</h1>${prose}</article></body></html>`)).not.toContain("Studio websites");
  });

  it("takes only the story when teasers and link lists surround it", () => {
    const teasers = Array.from({ length: 8 }, (_, i) => `<li><a href="/s${i}">Another story number ${i} that readers might like</a></li>`).join("");
    const html = `<html><body>${menu}<div class="layout"><div class="story">${["harbours", "bridges", "tunnels", "ferries", "railways"].map((t) => `<p>${sentence(t)}</p>`).join("")}</div>
      <div class="more"><ul>${teasers}</ul></div></div></body></html>`;
    const out = text(html);
    expect(out).toContain("about harbours");
    expect(out).toContain("about railways");
    expect(out).not.toContain("Another story number");
  });

  it("weighs a story in Japanese as its meaning, not its few characters, against a sidebar of English headlines", () => {
    const story = [
      "東京都は水曜日、若い家族向けの新しい住宅計画を発表した。",
      "空き公共施設の改修や、初めて家を買う人への低金利融資が含まれる。",
      "知事は、高齢化と住宅価格の上昇が若者の結婚を遅らせていると述べた。",
    ]
      .map((line) => `<p>${line}</p>`)
      .join("");
    const headlines = Array.from(
      { length: 6 },
      (_, i) => `<li><a href="/news/${i}">Weekly markets roundup number ${i}: stocks, bonds and currencies</a></li>`,
    ).join("");
    const out = text(
      `<html><body><div class="page"><div class="col-main"><h1>東京都が住宅計画</h1><div class="body">${story}</div></div><div class="col-side"><h3>Popular in English</h3><ul>${headlines}</ul></div></div></body></html>`,
    );
    expect(out).toContain("知事は、高齢化と住宅価格の上昇");
    expect(out).not.toContain("Weekly markets roundup");
  });
});

describe("main content: headers", () => {
  const sections = ["events", "methods", "properties"].map((t) => `<section><h2>${t}</h2><p>${sentence(t)}</p></section>`).join("");

  it("keeps a header inside <main> that holds the title and the summary under it (a docs page's head)", () => {
    const html = `<html><body><header class="site-header">${menu}</header><main>
      <div class="layout__header"><h1>The socket</h1><p>${sentence("what a socket is")}</p></div>${sections}
    </main></body></html>`;
    const out = text(html);
    expect(out).toContain("about what a socket is");
    expect(out).toContain("about methods");
  });

  it("keeps a service page's sections that its theme calls banners", () => {
    const banner = (t: string) =>
      `<div class="banner has-hover"><div class="banner-inner"><h2 class="module-header">${t} heading</h2><p>${sentence(t)}</p></div></div>`;
    const html = `<html><body><div class="top-banner"><p>${sentence("a sale banner")}</p></div><main>${["rentals", "delivery", "installation"].map(banner).join("")}</main></body></html>`;
    const out = text(html);
    for (const t of ["rentals", "delivery", "installation"]) expect(out).toContain(`about ${t}`);
    // Headings classed "…header" are headings.
    expect(out).toContain("delivery heading");
    expect(out).not.toContain("a sale banner");
  });

  it("keeps an introduction its theme sets in a banner without a title, where a short untitled promotion so named goes", () => {
    const intro = ["choosing a service", "how it works", "what it costs", "booking a call", "our warehouse"].map(sentence).join(" ");
    const sections = ["rentals", "delivery", "installation", "servicing", "removal"]
      .map((t) => `<section><h2>${t}</h2><p>${sentence(t)}</p><p>${sentence(`${t} costs`)}</p></section>`)
      .join("");
    const page = (banner: string) => `<html><body>${menu}<main><div class="banner has-hover"><p>${banner}</p></div>${sections}</main></body></html>`;
    expect(text(page(intro))).toContain("about how it works");
    expect(text(page(sentence("this week's sale")))).not.toContain("this week's sale");
  });

  it("drops a site's header outside <main>, even with a title and a tagline", () => {
    const html = `<html><body><div class="page-header"><h1>Remote jobs</h1><p>${sentence("hiring with us")}</p></div><main>
      <div class="layout__header"><h2>Latest</h2></div>${sections}</main></body></html>`;
    const out = text(html);
    expect(out).not.toContain("hiring with us");
    expect(out).toContain("about events");
  });

  it("keeps the header of every card in a grid (each item's title and condition), not the site's", () => {
    const card = (i: number) =>
      `<li class="item-card"><div class="item-card__header"><a href="/itm/${i}"><h3>Art print number ${i}, framed</h3></a><span>Brand new</span></div><div class="item-card__body"><span>$${10 + i}.95</span><span>Free shipping</span></div></li>`;
    const html = `<html><body><div class="site-header">${menu}</div><ul class="results">${Array.from({ length: 6 }, (_, i) => card(i)).join("")}</ul></body></html>`;
    const out = text(html);
    for (const kept of ["Art print number 0, framed", "Art print number 5, framed", "Brand new", "$15.95"]) expect(out).toContain(kept);
    expect(out).not.toContain("About");
  });
});

describe("main content: how much of the page a story must hold", () => {
  // The story holds about half of the page's own text: the content when the page says it is an
  // article, one section of several when it says nothing.
  const plans = `<ul>${Array.from({ length: 16 }, (_, i) => `<li>Plan ${i} for busy buyers</li>`).join("")}</ul>`;
  const page = (head: string) =>
    `<html><head>${head}</head><body><main><div class="intro">${["one", "two", "three", "four"].map((t) => `<p>${sentence(t)}</p>`).join("")}</div>
      <div class="offer">${plans}</div></main></body></html>`;

  it("takes the whole region of a page that declares nothing", () => {
    expect(text(page(""))).toContain("Plan 15 for busy buyers");
  });

  it("takes only the story of a page that declares itself an article", () => {
    const out = extractMainContent(parseHtml(page(`<meta property="og:type" content="article">`)));
    expect(out.text).toContain("about four");
    expect(out.text).not.toContain("busy buyers");
  });
});

describe("main content: repeated cards", () => {
  const card = (i: number) =>
    `<div class="card"><a href="/item/${i}"><img src="/i${i}.jpg" alt=""><h3>Item number ${i} with a fine long title</h3></a><span class="price">$${i}9.99</span></div>`;
  const grid = `<div class="grid">${Array.from({ length: 12 }, (_, i) => card(i)).join("")}</div>`;

  it("leaves out a grid's filters (options with their counts), keeping the category's blurb and its cards", () => {
    const options = ["Canon", "Fujifilm", "Nikon", "Sigma", "Sony", "Tamron"].map((b, i) => `<li><label>${b} (${i + 80})</label></li>`).join("");
    const filters = `<div class="search-filters"><h3>Brand</h3><ul>${options}</ul><h3>Price</h3><ul><li><label>$50 to $75 (25)</label></li><li><label>$75 to $100 (36)</label></li></ul></div>`;
    const out = text(`<html><body>${menu}<main><h1>Lenses</h1><p>${sentence("choosing a lens")}</p>${filters}${grid}</main></body></html>`);
    for (const kept of ["about choosing a lens", "Item number 11 with a fine long title"]) expect(out).toContain(kept);
    for (const gone of ["Fujifilm (81)", "$75 to $100"]) expect(out).not.toContain(gone);
  });

  it("keeps every card of a grid though cards are mostly links and images", () => {
    const out = text(`<html><body>${menu}<main><h1>Coffee</h1><p class="count">12 products</p>${grid}</main></body></html>`);
    for (let i = 0; i < 12; i++) expect(out).toContain(`Item number ${i} with a fine long title`);
    expect(out).toContain("$59.99");
  });

  it("types an undeclared grid of cards with prices as a collection (a shop's category), one of stories as a listing", () => {
    const typed = (html: string) => extractMainContent(parseHtml(html)).pageType;
    expect(typed(`<html><body>${menu}<main><h1>Coffee</h1>${grid}</main></body></html>`)).toBe("collection");
    const stories = Array.from(
      { length: 10 },
      (_, i) => `<div class="teaser"><a href="/s${i}">Headline ${i}: the summary of story ${i}, in the link</a></div>`,
    ).join("");
    expect(typed(`<html><body>${menu}<main><h1>News</h1><div class="river">${stories}</div></main></body></html>`)).toBe("listing");
  });

  it("reads prices written as each language writes its money (1,980円, 29 000 руб., ₩29,000, 150 zł) on a collection's cards", () => {
    const typed = (html: string) => extractMainContent(parseHtml(html)).pageType;
    for (const price of ["1,980円", "99元", "29,000원", "29 000 руб.", "₩29,000", "₫250.000", "150 zł", "CHF 49"]) {
      const cards = Array.from(
        { length: 8 },
        (_, i) => `<div class="card"><a href="/item/${i}"><h3>Item number ${i} with a fine long title</h3></a><span class="price">${price}</span></div>`,
      ).join("");
      expect(typed(`<html><body>${menu}<main><h1>Coffee</h1><div class="grid">${cards}</div></main></body></html>`), price).toBe("collection");
    }
  });

  it("keeps cards of products sold by subscription, and drops a box asking to subscribe", () => {
    const subscribable = grid.replaceAll('class="card"', 'class="card subscription-eligible"');
    const signup = `<div class="subscribe-box"><p>Subscribe to our letter for ten percent off your first order</p></div>`;
    const out = text(`<html><body><main><h1>Coffee</h1>${subscribable}${signup}</main></body></html>`);
    for (let i = 0; i < 12; i++) expect(out).toContain(`Item number ${i} with a fine long title`);
    expect(out).not.toContain("ten percent off");
  });

  it("takes the whole listing when its cards are all links, not a short block of plain text beside them", () => {
    const news = Array.from(
      { length: 10 },
      (_, i) => `<li><a href="/n${i}">Headline number ${i} - the summary of story ${i}, in the link as well</a></li>`,
    ).join("");
    const person = `<div><strong>Ada Lovelace</strong><p>Vice President of Sales, Example Hotels</p></div>`;
    const out = text(`<html><body><main>${person}<ul class="news">${news}</ul></main></body></html>`);
    for (let i = 0; i < 10; i++) expect(out).toContain(`Headline number ${i}`);
  });

  it("takes every section of a sectioned page that declares itself an article, not its longest section", () => {
    const head = `<head><meta property="og:type" content="article"></head>`;
    const section = (topic: string, n: number) =>
      `<div class="builder-section builder-section-${n}"><div class="row"><h2>${topic}</h2>${Array.from({ length: n }, (_, i) => `<p>${sentence(`${topic} ${i}`)}</p>`).join("")}</div></div>`;
    const out = text(
      `<html>${head}<body><div id="page">${section("Consulting", 8)}${section("Integration", 3)}${section("Training", 3)}${section("Support", 3)}</div></body></html>`,
    );
    for (const topic of ["Consulting 7", "Integration 2", "Training 0", "Support 2"]) expect(out).toContain(`about ${topic}`);
  });

  it("still reads a story beside a few short blocks of its shape as a story", () => {
    const head = `<head><meta property="og:type" content="article"></head>`;
    const story = `<div class="block"><h1>Harbour</h1>${Array.from({ length: 8 }, (_, i) => `<p>${sentence(`the harbour ${i}`)}</p>`).join("")}</div>`;
    const aside = (topic: string) => `<div class="block"><p>Sign up for our letters on ${topic}, sent every week.</p></div>`;
    const out = extractMainContent(parseHtml(`<html>${head}<body><div id="page">${story}${aside("boats")}${aside("tides")}</div></body></html>`));
    expect(out.text).toContain("about the harbour 7");
    expect(out.pageType).toBe("article");
  });

  it("types a page of one short paragraph as an article, not as sections of a service page", () => {
    const out = extractMainContent(
      parseHtml(
        `<html><body><main><p>Founded by two shipwrights, the workshop still forges every chisel by hand.</p><a href="/team">Our team</a> <a href="/">Home</a></main></body></html>`,
      ),
    );
    expect(out.text).toContain("forges every chisel by hand");
    expect(out.pageType).toBe("article");
  });

  it("takes a description list of entries whole: terms and descriptions alternate, one card in two parts", () => {
    const entry = (i: number) =>
      `<dt><a href="/abs/${i}">[${i}] paper ${i}</a> <a href="/pdf/${i}">pdf</a></dt><dd><div class="meta"><div class="title">Title: Results on problem ${i}, with proofs</div><div class="authors"><a href="/a/${i}">Ada Byron</a>, <a href="/b/${i}">Alan Turing</a></div></div></dd>`;
    const list = `<dl id="articles"><h3>Recent submissions</h3>${Array.from({ length: 8 }, (_, i) => entry(i)).join("")}</dl>`;
    const out = text(`<html><body><main><h1>Computing</h1>${list}</main></body></html>`);
    for (let i = 0; i < 8; i++) expect(out).toContain(`Title: Results on problem ${i}`);
  });

  it("keeps cards that an article scorer would take for one story", () => {
    const out = text(
      `<html><body><center><table>${Array.from({ length: 10 }, (_, i) => `<tr class="row"><td><a href="/j${i}">Company ${i} is hiring engineers to build things</a></td></tr>`).join("")}</table></center></body></html>`,
    );
    for (let i = 0; i < 10; i++) expect(out).toContain(`Company ${i} is hiring`);
  });

  it("does not take a menu's short items for cards", () => {
    const nav = `<ul class="links">${["Home", "News", "Sport", "Weather", "Travel"].map((w) => `<li><a href="/${w}">${w}</a></li>`).join("")}</ul>`;
    const out = text(
      `<html><body><main>${nav}<section><p>${sentence("weather")}</p><p>${sentence("rain")}</p></section><section><p>${sentence("sun")}</p></section></main></body></html>`,
    );
    expect(out).toContain("about rain");
    expect(out).not.toContain("Sport");
  });
});

describe("main content: cleaning", () => {
  it("keeps prose in blocks whose class merely says widget", () => {
    const html = `<html><body><div class="page">${["one", "two", "three"].map((t) => `<div class="elementor-widget-container"><p>${sentence(t)} ${sentence(t)}</p></div>`).join("")}</div></body></html>`;
    const out = text(html);
    for (const t of ["one", "two", "three"]) expect(out).toContain(`about ${t}`);
  });

  it("drops links drawn as buttons (calls to act), but not a card-sized link classed so, nor plain links in prose", () => {
    const sections = ["audits", "payroll", "tax returns"]
      .map(
        (t) =>
          `<section><h2>${t}</h2><p>${sentence(t)} See <a href="/${t}">our ${t} guide</a>.</p><a class="btn btn-primary" href="/contact">Book a call</a></section>`,
      )
      .join("");
    const card = `<a class="card-cta" href="/report"><p>${sentence("the yearly report, a link the size of a card")}</p></a>`;
    const out = text(
      `<html><body><main>${sections}${card}<div class="elementor-button-wrapper"><a class="elementor-button" href="/q"><span>Get a free quote today</span></a></div></main></body></html>`,
    );
    for (const t of ["about audits", "about tax returns", "our payroll guide", "the yearly report"]) expect(out).toContain(t);
    expect(out).not.toContain("Book a call");
    expect(out).not.toContain("free quote");
  });

  it("drops a disclaimer's or a legal block's fine print inside the content, not the word in prose", () => {
    const body = ["coverage", "claims", "discounts"].map((t) => `<p>${sentence(t)}</p>`).join("");
    const fine = `<div class="disclaimer"><p>Discounts are not available in all states and may vary by policy, coverage and eligibility.</p></div>`;
    const out = text(`<html><body><main><h1>Travel insurance</h1>${body}${fine}<p>Our disclaimer page says more about quotes.</p></main></body></html>`);
    expect(out).toContain("about discounts");
    expect(out).toContain("Our disclaimer page");
    expect(out).not.toContain("not available in all states");
    // A block named legal is fine print too (a store's trademark and licence lines); a heading's anchor
    // naming legal support is no such block.
    const legal = `<div id="game_area_legal"><p>Software licence terms in game. All trademarks are property of their owners.</p></div>`;
    const support = `<h3 id="consider-ongoing-legal-support">Consider ongoing legal support</h3>`;
    const withLegal = text(`<html><body><main><h1>Travel insurance</h1>${body}${support}${legal}</main></body></html>`);
    expect(withLegal).not.toContain("Software licence terms");
    expect(withLegal).toContain("Consider ongoing legal support");
  });

  it("drops a tooltip's text, not a term styled as a tooltip's trigger (a utility class such as group/tooltip)", () => {
    const feature = (name: string) =>
      `<li><span class="relative inline-flex group/tooltip">${name}<div class="tooltip-body">What ${name} means, shown on hover over the term</div></span></li>`;
    const list = `<ul>${["Universal SSL", "DDoS protection", "Edge caching"].map(feature).join("")}</ul>`;
    const out = text(`<html><body><main><h1>Plans</h1><p>${sentence("the free plan")}</p>${list}<p>${sentence("upgrades")}</p></main></body></html>`);
    for (const name of ["Universal SSL", "DDoS protection", "Edge caching"]) expect(out).toContain(name);
    expect(out).not.toContain("shown on hover");
  });

  it("drops a template's placeholder copy (lorem ipsum), not prose about it", () => {
    const body = ["premiums", "claims"].map((t) => `<p>${sentence(t)}</p>`).join("");
    const filler = `<div class="tv"><h3>Head Line 1</h3><p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.</p><ul><li>Lorem ipsum 1</li><li>Lorem ipsum 2</li></ul></div>`;
    const about = `<p>Lorem ipsum is the placeholder text designers have used since the 1500s, taken from Cicero.</p>`;
    const out = text(`<html><body><main><h1>Rankings</h1>${body}${filler}${about}</main></body></html>`);
    expect(out).toContain("about claims");
    expect(out).toContain("Lorem ipsum is the placeholder text");
    expect(out).not.toMatch(/dolor sit amet|Lorem ipsum \d/);
  });

  it("drops the labels over ad slots, but not a sentence that starts with the word", () => {
    const slot = (label: string) => `<div class="slot"><div class="label">${label}</div></div>`;
    const body = ["kettles", "fuses", "descaling"].map((t) => `<p>${sentence(t)}</p>`);
    const out = text(
      `<html><body><main>${body[0]}${slot("Advertisement - Continue Reading Below")}${body[1]}${slot("Sponsored")}${body[2]}<p>Advertising paid for the second season.</p></main></body></html>`,
    );
    expect(out).toContain("about descaling");
    expect(out).toContain("Advertising paid for");
    expect(out).not.toMatch(/Continue Reading Below|Sponsored/);
    const labels = ["Advertisement", "Werbung", "Publicidad", "Pubblicità", "Реклама", "広告", "广告", "광고"];
    // Set as paragraphs, which stay unless a rule reads them.
    const abroad = text(`<html><body><main>${body[0]}${labels.map((label) => `<p>${label}</p>`).join(body[1])}${body[2]}</main></body></html>`);
    expect(abroad).toContain("about descaling");
    for (const label of labels) expect(abroad, label).not.toContain(label);
  });

  const row = (name: string, what: string) => `<tr><td><a href="/${name}">${name}</a></td><td>${what}</td></tr>`;
  const page = (table: string) =>
    `<html><body><main><div class="content"><h1>Functions</h1><p>${sentence("functions")}</p><p>${sentence("triggers")}</p>${table}</div></main></body></html>`;

  it("keeps a data table whose first column links its rows", () => {
    const out = text(
      page(
        `<table><tr><th>If you want to</th><th>then</th></tr>${row("Process file uploads", "Run code on each file.")}${row("Run scheduled tasks", "Run code on a timer.")}</table>`,
      ),
    );
    expect(out).toContain("Run code on each file.");
  });

  it("drops a layout table of links, and a data table that is all links", () => {
    const links = ["a", "b", "c", "d"].map((n) => `<a href="/${n}">Section ${n}</a>`);
    expect(text(page(`<table><tr><td>${links.join(" ")}</td></tr></table>`))).not.toContain("Section a");
    expect(text(page(`<table><tr><th>Go</th><th>to</th></tr><tr><td>${links[0]}</td><td>${links[1]}</td></tr></table>`))).not.toContain("Section a");
  });
});

describe("main content: an index by its address", () => {
  it("reads a category's page as its items, not its introduction as a story", () => {
    const intro = `<div class="intro">${["air fryers", "crisp vegetables", "weeknight dinners", "meal prep", "cleaning the basket"].map((t) => `<p>${sentence(t)}</p>`).join("")}</div>`;
    const card = (dish: string) => `<li class="card"><h3><a href="/recipes/${dish.replace(/ /g, "-")}">${dish}</a></h3><p>Ready in twenty minutes.</p></li>`;
    const grid = `<ul class="grid">${["Sticky chicken thighs", "Salmon bites", "Sweet potato fries", "Whole chicken", "Pork tenderloin"].map(card).join("")}</ul>`;
    const html = `<html><body>${menu}<main>${intro}${grid}</main></body></html>`;
    const atCategory = extractMainContent(parseHtml(html), { pageUrl: "https://example.com/category/recipes/air-fryer/" });
    expect(atCategory.text).toContain("about air fryers");
    expect(atCategory.text).toContain("Sweet potato fries");
    expect(extractMainContent(parseHtml(html), { pageUrl: "https://example.com/recipes/air-fryer-guide" }).text).not.toContain("Sweet potato fries");
  });
});

describe("main content: threads", () => {
  const post = (who: string, said: string) =>
    `<div class="comment-item"><div class="comment-author">${who}</div><time datetime="2024-05-01">May 1, 2024</time><div class="comment-body"><p>${said}</p></div></div>`;
  const thread = `<main><h1>Kettle will not boil</h1>${post("alice", sentence("kettles"))}${post("bob", sentence("fuses"))}${post("carol", sentence("descaling"))}</main>`;

  it("keeps every post with its author when the page declares a discussion", () => {
    const head = `<script type="application/ld+json">{"@type":"DiscussionForumPosting","headline":"Kettle"}</script>`;
    const out = extractMainContent(parseHtml(`<html><head>${head}</head><body>${menu}${thread}</body></html>`));
    expect(out.pageType).toBe("forum");
    for (const word of ["alice", "bob", "carol", "about kettles", "about fuses", "about descaling"]) expect(out.text).toContain(word);
  });

  it("reads a page at a thread's address as a thread, whatever its markup calls its posts", () => {
    const row = (who: string, topic: string) =>
      `<div class="row"><div class="left"><strong>${who}</strong><br>Posts: 12</div><div class="right"><p>${sentence(topic)}</p></div></div>`;
    const html = `<html><body>${menu}<div id="content"><h1>Kettle will not boil</h1>${row("alice", "kettles")}${row("bob", "fuses")}</div></body></html>`;
    const atThread = extractMainContent(parseHtml(html), { pageUrl: "https://bbs.example.org/viewtopic.php?id=4521" });
    expect(atThread.pageType).toBe("forum");
    for (const word of ["about kettles", "about fuses"]) expect(atThread.text).toContain(word);
    expect(atThread.text).not.toContain("Posts: 12");
    expect(extractMainContent(parseHtml(html), { pageUrl: "https://example.org/kettles" }).pageType).not.toBe("forum");
  });

  it("drops the board's prompt asking a guest to sign in and its closed thread's notice, not a post that mentions signing in", () => {
    const head = `<script type="application/ld+json">{"@type":"DiscussionForumPosting","headline":"Kettle"}</script>`;
    const prompt = `<div class="teaser"><h2>Create an account or sign in to comment</h2><p>You need to be a member in order to leave a comment.</p><div><h3>Sign in</h3><p>Already have an account? Sign in here.</p></div></div><div class="status"><p>This thread is not open for further replies.</p></div><ul><li>You may not post new threads</li><li>You may not post replies</li><li>You may not edit your posts</li></ul>`;
    const post = `<div class="comment"><p>I could not sign in to reply from my phone, so I wrote from the laptop instead. ${sentence("signing in")}</p></div>`;
    const out = extractMainContent(parseHtml(`<html><head>${head}</head><body>${thread.replace("</main>", `${post}${prompt}</main>`)}</body></html>`)).text;
    expect(out).toContain("about descaling");
    expect(out).toContain("I could not sign in to reply from my phone");
    expect(out).not.toContain("You need to be a member");
    expect(out).not.toContain("not open for further replies");
    expect(out).not.toContain("You may not");
  });

  it("drops the board's notices on a thread: its statistics line, an out-of-date browser, a deleted topic; not a post about views and replies", () => {
    const head = `<script type="application/ld+json">{"@type":"DiscussionForumPosting","headline":"Kettle"}</script>`;
    const notices = `<div class="notice">You are using an out of date browser. It may not display this or other websites correctly.</div><div class="alert"><p>This topic has been deleted. Only users with topic management privileges can see it.</p></div><div class="stats"><span>6.3K views</span>\n  <span>23 replies</span> <span>14 participants</span> <span>last post by ada Sep 26, 2024</span></div>`;
    const post = `<div class="comment"><p>My guide got 2 views and 0 replies in a week, so I asked here instead. ${sentence("quiet guides")}</p></div>`;
    const out = extractMainContent(
      parseHtml(`<html><head>${head}</head><body>${thread.replace("<main>", `<main>${notices}`).replace("</main>", `${post}</main>`)}</body></html>`),
    ).text;
    expect(out).toContain("about descaling");
    expect(out).toContain("My guide got 2 views and 0 replies");
    for (const gone of ["out of date browser", "has been deleted", "6.3K views", "14 participants"]) expect(out).not.toContain(gone);
  });

  it("drops a thread's reply box (a form to write in), not a form holding the posts themselves", () => {
    const head = `<script type="application/ld+json">{"@type":"DiscussionForumPosting","headline":"Kettle"}</script>`;
    const replyBox = `<form action="/reply"><h2>Your answer</h2><textarea name="body"></textarea><p>Sign up or post as a guest: name and email required, but never shown.</p></form>`;
    const out = extractMainContent(parseHtml(`<html><head>${head}</head><body>${thread.replace("</main>", `${replyBox}</main>`)}</body></html>`)).text;
    expect(out).toContain("about descaling");
    expect(out).not.toContain("never shown");
    // Boards that wrap the whole thread, quick reply included, in one form: the posts stay.
    const wrapped = extractMainContent(
      parseHtml(`<html><head>${head}</head><body><form action="/mod">${thread}<textarea name="quick"></textarea></form></body></html>`),
    );
    expect(wrapped.text).toContain("about descaling");
  });

  it("drops a sign-up box (a form asking for an email alone, with its heading and fine print), a sign-in form and what is left of a contact form, not what stands around them nor the page's hero", () => {
    const story = `<h1>Descaling a kettle</h1><p>${sentence("limescale")}</p><p>${sentence("vinegar")}</p>`;
    const signup = `<div class="box"><h3>Notify me when back in stock</h3><p>We will write once, when it is back.</p><form><label>Email</label><input type="email"><button>Notify me</button></form><p>You can opt out any time.</p></div>`;
    const out = text(`<html><body><main>${story}${signup}<p>${sentence("citric acid")}</p></main></body></html>`);
    expect(out).toContain("about citric acid");
    for (const gone of ["Notify me", "write once", "opt out", "Email"]) expect(out).not.toContain(gone);
    // A contact form asks for a name and a message too: what stands around it is the page's, what is
    // left of the form (its labels and fine print) is not.
    const contact = `<div><h3>Talk to us</h3><p>Our engineers answer within a day.</p><form><label>First name</label><input type="text" name="name"><label>Work email</label><input type="email"><textarea></textarea><p>By submitting you agree to be contacted.</p></form></div>`;
    const withContact = text(`<html><body><main>${story}${contact}</main></body></html>`);
    expect(withContact).toContain("answer within a day");
    for (const gone of ["First name", "Work email", "agree to be contacted"]) expect(withContact).not.toContain(gone);
    // A form asking for a password is the site's sign-in: its labels go with it.
    const signin = `<form action="/login"><table><tr><td>User Name</td><td><input type="text"></td></tr><tr><td>Password</td><td><input type="password"></td></tr><tr><td>Remember Me?</td></tr></table></form>`;
    const withSignin = text(`<html><body><main>${signin}${story}</main></body></html>`);
    expect(withSignin).toContain("about vinegar");
    for (const gone of ["User Name", "Password", "Remember Me?"]) expect(withSignin).not.toContain(gone);
    // A form asking for no address (a calculator, a search) is the page's own.
    const calculator = `<form><label>Litres of water per day</label><input type="number"><p>Hardness is read from your postcode.</p></form>`;
    expect(text(`<html><body><main>${story}${calculator}</main></body></html>`)).toContain("Litres of water per day");
    // A hero whose headline sits beside a "start your trial" field: the headline is the page's.
    const hero = `<section><h1>Support for every customer</h1><p>Bring every conversation together in one place.</p><form><input type="email"><button>Start trial</button></form></section>`;
    expect(text(`<html><body><main>${hero}<p>${sentence("queues")}</p><p>${sentence("macros")}</p></main></body></html>`)).toContain(
      "every conversation together",
    );
  });

  it("reads a page whose comments hold nearly all its text as a thread, though it declares an article", () => {
    const head = `<meta property="og:type" content="article">`;
    const comments = ["kettles", "fuses", "descaling", "limescale", "thermostats", "elements"]
      .map((t, i) => `<div class="comment"><div class="comment_text"><p>${sentence(t)}</p></div><span class="byline">user${i}</span></div>`)
      .join("");
    const page = `<html><head>${head}</head><body><h1>Kettle will not boil</h1><ol class="comments">${comments}</ol></body></html>`;
    const out = extractMainContent(parseHtml(page));
    expect(out.pageType).toBe("forum");
    for (const t of ["kettles", "elements"]) expect(out.text).toContain(`about ${t}`);
  });

  it("reads a board's thread beside a sidebar of rules as a thread: the site's chrome is no opening", () => {
    const rules = Array.from({ length: 8 }, (_, i) => `<p>${sentence(`rule ${i}`)}</p>`).join("");
    const header = `<div id="header"><a href="/">Front page</a> ${Array.from({ length: 20 }, (_, i) => `<a href="/r${i}">board ${i}</a>`).join(" ")}</div>`;
    const comments = Array.from(
      { length: 20 },
      (_, i) => `<div class="comment"><p class="tagline">user${i} 5 points</p><p>${sentence(`reply ${i}`)}</p></div>`,
    ).join("");
    const board = (head: string) =>
      `<html><head>${head}</head><body>${header}<div class="side">${rules}</div><div class="content"><p class="title"><a href="/x">Hair follicles grown in a lab</a></p><div class="commentarea">${comments}</div></div></body></html>`;
    const out = extractMainContent(parseHtml(board("")));
    expect(out.pageType).toBe("forum");
    for (const kept of ["about reply 0", "about reply 19"]) expect(out.text).toContain(kept);
    for (const gone of ["about rule 1", "board 3"]) expect(out.text).not.toContain(gone);
    // A page calling itself an article is weighed on all its text: its comments are not most of it.
    expect(extractMainContent(parseHtml(board(`<meta property="og:type" content="article">`))).pageType).not.toBe("forum");
  });

  it("keeps reading a story with a comment section as the story, however long the comments", () => {
    const topics = Array.from({ length: 24 }, (_, i) => `topic ${i}`);
    const story = topics.map((t) => `<p>${sentence(t)}</p>`).join("");
    for (const count of [2, 400]) {
      const comments = Array.from({ length: count }, (_, i) => `<div class="comment"><p>${sentence(`comment ${i}`)}</p></div>`).join("");
      const out = extractMainContent(parseHtml(`<html><body><article>${story}</article><div class="comments">${comments}</div></body></html>`));
      expect(out.pageType).not.toBe("forum");
      expect(out.text).toContain("about topic 23");
      expect(out.text).not.toContain("about comment 1 ");
    }
  });

  it("leaves out each poster's profile card and signature, keeping the post and its byline", () => {
    const card = (who: string) => `<dl class="postprofile"><dt>${who}</dt><dd>Posts: 1725</dd><dd>Joined: 14 Sep 2019</dd><dd>Location: Leeds</dd></dl>`;
    const reply = (who: string, topic: string) =>
      `<div class="post">${card(who)}<div class="postbody"><p class="author">by ${who} » 11 Sep 2024</p><div class="content">${sentence(topic)}</div><div class="signature">Sent from my kettle</div></div></div>`;
    const out = text(`<html><body><main>${reply("alice", "kettles")}${reply("bob", "fuses")}${reply("carol", "descaling")}</main></body></html>`);
    for (const kept of ["by alice", "about kettles", "about descaling"]) expect(out).toContain(kept);
    for (const gone of ["Joined:", "Location:", "Sent from my kettle"]) expect(out).not.toContain(gone);
  });

  it("leaves out a signature longer than the short posts it follows", () => {
    const signature = `<div class="ipsEntry__signature"><p>${sentence("my plugins")}</p><p>${sentence("buying me a coffee")}</p><p>${sentence("copy-paste snippets")}</p></div>`;
    const post = (who: string, said: string, signed: boolean) =>
      `<article class="ipsEntry"><div class="author"><a href="/u/${who}">${who}</a> <time datetime="2024-08-26">August 26, 2024</time></div><div class="ipsEntry__post"><p>${said}</p>${signed ? signature : ""}</div></article>`;
    const out = text(
      `<html><body><main><h1>Roadmap</h1><div class="ipsEntries">${post("ron", "Where can I read the roadmap for future products?", false)}${post("paul", "You may want to join the community circle for that.", true)}${post("ann", "Thanks, I will ask to join the circle.", false)}</div></main></body></html>`,
    );
    for (const kept of ["read the roadmap", "join the community circle", "ask to join"]) expect(out).toContain(kept);
    expect(out).not.toContain("about buying me a coffee");
  });

  it("leaves out the site's notices on a thread, and keeps a notice that is a page's own", () => {
    const item = (type: string, inner: string) => `<div itemscope itemtype="https://schema.org/${type}">${inner}</div>`;
    const answer = (topic: string) => item("Answer", `<div class="answer-body"><p>${sentence(topic)}</p></div>`);
    const notice = `<div class="js-bottom-notice"><p>Start asking to get answers</p><p>Find the answer to your question by asking.</p></div>`;
    const page = item(
      "QAPage",
      item("Question", `<h1>Kettle will not boil</h1><p>${sentence("kettles")}</p>`) + answer("fuses") + answer("descaling") + notice,
    );
    const out = text(`<html><body><main>${page}</main></body></html>`);
    for (const kept of ["about kettles", "about fuses", "about descaling"]) expect(out).toContain(kept);
    expect(out).not.toContain("Start asking");

    const drm = `<div class="DRM_notice">Incorporates third-party DRM: the publisher's launcher is required to play.</div>`;
    const story = text(`<html><body><main><h1>Racing game</h1><p>${sentence("its cars")}</p><p>${sentence("its tracks")}</p>${drm}</main></body></html>`);
    expect(story).toContain("third-party DRM");
  });

  it("on a Q&A page keeps the question and answers, not the comments under them", () => {
    const item = (type: string, inner: string) => `<div itemscope itemtype="https://schema.org/${type}">${inner}</div>`;
    const comment = (said: string) => item("Comment", `<span>${said} – a reader, 2016</span>`);
    const answer = (topic: string) => item("Answer", `<div class="answer-body"><p>${sentence(topic)}</p></div>${comment(`Thanks, that worked for ${topic}`)}`);
    const page = item(
      "QAPage",
      item("Question", `<h1>Kettle will not boil</h1><p>${sentence("kettles")}</p>${comment("Which model is it?")}`) + answer("fuses") + answer("descaling"),
    );
    const out = text(`<html><body><main>${page}</main></body></html>`);
    for (const kept of ["about kettles", "about fuses", "about descaling"]) expect(out).toContain(kept);
    for (const gone of ["Which model", "Thanks, that worked"]) expect(out).not.toContain(gone);
  });

  it("reads a thread rendered for readers without scripts from its <noscript>", () => {
    const html = `<html><body><div id="app">Loading…</div><noscript><div class="wrap">${["kettles", "fuses", "descaling"].map((t) => `<div class="post"><p>${sentence(t)}</p></div>`).join("")}</div></noscript></body></html>`;
    const out = text(html);
    expect(out).toContain("about fuses");
    expect(text(`<html><body><div>${sentence("tea")} ${sentence("milk")}</div><noscript>Please enable JavaScript.</noscript></body></html>`)).not.toContain(
      "enable",
    );
  });

  it("reads a <noscript> rendering inside the page's <main> as a browser without scripts shows it, but not a notice asking for JavaScript", () => {
    const posts = ["kettles", "fuses", "descaling"]
      .map((t) => `<article><h3>member_${t}</h3><div class="Post-body"><p>${sentence(t)}</p></div></article>`)
      .join("");
    const page = (inside: string) =>
      `<html><body><header><a href="/">Forum</a></header><main class="App-content"><div id="content"></div><div class="loading">Loading...</div><noscript>${inside}</noscript></main></body></html>`;
    const out = text(page(`<div class="container"><h1>Which kettle?</h1><div>${posts}</div></div>`));
    for (const t of ["kettles", "fuses", "descaling"]) expect(out).toContain(`about ${t}`);
    expect(text(page("You need to enable JavaScript to run this app."))).not.toContain("enable JavaScript");
  });

  it("keeps an accordion's answers, hidden until their question is clicked, but not a closed menu a button opens", () => {
    const faq = ["deductibles", "waiting periods", "claims"]
      .map(
        (t, i) =>
          `<h3><button aria-controls="answer-${i}" aria-expanded="false">What about ${t}?</button></h3><div id="answer-${i}" aria-hidden="true"><p>${sentence(t)}</p></div>`,
      )
      .join("");
    const menu = `<button aria-controls="drawer" aria-expanded="false">Menu</button><div id="drawer" hidden><ul>${["Home", "Plans", "Claims", "Contact"].map((l) => `<li><a href="/${l}">${l} page link</a></li>`).join("")}</ul></div>`;
    const out = text(`<html><body>${menu}<main><h1>Pet insurance</h1><p>${sentence("cover for pets")}</p>${faq}</main></body></html>`);
    for (const t of ["deductibles", "waiting periods", "claims"]) expect(out).toContain(`about ${t}`);
    expect(out).not.toContain("page link");
  });

  it("keeps the panels a control names right below it (an accordion without aria-expanded), not an overlay it opens elsewhere", () => {
    const steps = ["permits", "installation", "interconnection"]
      .map(
        (t, i) =>
          `<div class="acc"><a role="button" aria-controls="step-${i}"><span>Step ${i + 1}</span></a><i class="chevron"></i></div><div id="step-${i}" style="display:none"><p>${sentence(t)}</p></div>`,
      )
      .join("");
    const overlay = `<div id="nav-overlay" style="display:none"><p>${sentence("every department of the store")}</p></div>`;
    const out = text(
      `<html><body><header><button aria-controls="nav-overlay">Menu</button></header><main><h1>Going solar</h1><p>${sentence("the timeline")}</p>${steps}${overlay}</main></body></html>`,
    );
    for (const t of ["permits", "installation", "interconnection"]) expect(out).toContain(`about ${t}`);
    expect(out).not.toContain("every department");
  });

  it("keeps the hidden block right below a disclosure button that names no panel", () => {
    const item = (t: string) => `<h3><button aria-expanded="false"><p>${t}</p></button></h3><div hidden aria-hidden="true"><p>${sentence(t)}</p></div>`;
    const out = text(`<html><body><main><h1>Running shoes</h1><p>${sentence("shoes")}</p>${["weight", "cushioning"].map(item).join("")}</main></body></html>`);
    for (const t of ["weight", "cushioning"]) expect(out).toContain(`about ${t}`);
  });

  it("keeps an accordion's answer whose collapsing box, not the panel itself, is what is hidden", () => {
    const item = (t: string, i: number) =>
      `<div class="accordion__item"><button aria-expanded="false" aria-controls="panel-${i}">${t}</button><div class="collapse" style="display:none;height:0"><div role="region" id="panel-${i}"><p>${sentence(t)}</p></div></div></div>`;
    const out = text(
      `<html><body><main><h1>Summit fire pit</h1><p>${sentence("the fire pit")}</p>${["care", "safety"].map(item).join("")}</main></body></html>`,
    );
    for (const t of ["care", "safety"]) expect(out).toContain(`about ${t}`);
  });

  it("keeps the answers of an accordion built without ARIA (a hidden block after its question), but not other hidden blocks", () => {
    const faq = ["deductibles", "waiting periods", "claims"]
      .map(
        (t) =>
          `<div class="item"><div class="q" style="cursor:pointer"><div>What about ${t}?</div></div><div style="visibility:hidden;height:0"><p>${sentence(t)}</p></div></div>`,
      )
      .join("");
    const out = text(
      `<html><body><main><h2>Pet insurance FAQs</h2><p>${sentence("cover for pets")}</p>${faq}<div><p>Plans for every pet.</p></div><div style="display:none"><p>${sentence("a hidden promotion")}</p></div></main></body></html>`,
    );
    for (const t of ["deductibles", "waiting periods", "claims"]) expect(out).toContain(`paragraph about ${t}`);
    expect(out).not.toContain("hidden promotion");
  });

  it("reads a question in Chinese (a full-width question mark) as an accordion's, keeping the answer hidden after it", () => {
    const faq = [
      ["免赔额是多少？", "每次理赔的免赔额为五百元，全年累计不超过两千元，续保时可以重新选择。"],
      ["等待期有多长？", "意外伤害没有等待期，疾病的等待期为三十天，续保不再重新计算等待期。"],
    ]
      .map(([q, a]) => `<div class="item"><div class="q"><div>${q}</div></div><div style="display:none"><p>${a}</p></div></div>`)
      .join("");
    const out = text(`<html><body><main><h2>宠物保险常见问题</h2><p>${sentence("cover for pets")}</p>${faq}</main></body></html>`);
    expect(out).toContain("每次理赔的免赔额为五百元");
    expect(out).toContain("疾病的等待期为三十天");
  });

  it("reads content a page hides until a script reveals it, but not closed menus and dialogs", () => {
    const story = ["kettles", "fuses", "descaling"].map((t) => `<p>${sentence(t)}</p>`).join("");
    const gated = `<html><body><div class="gate">Are you over 18?</div><div class="locked" style="display:none">${story}</div></body></html>`;
    expect(text(gated)).toContain("about descaling");
    const menuClosed = `<html><body><div hidden><ul><li>Menu entry one</li><li>Menu entry two</li></ul></div><div>${story}</div></body></html>`;
    expect(text(menuClosed)).not.toContain("Menu entry");
  });

  it("reads a stray <![CDATA[ in HTML as browsers do: a comment to the next >, not the rest of the page", () => {
    expect(text(`<html><body><![CDATA[ marker ]]><div><p>${sentence("tea")}</p><p>${sentence("milk")}</p></div></body></html>`)).toContain("about milk");
  });
});

describe("main content: cleaning judges a container on what is left of it", () => {
  // A bulletin board's thread (PunBB's markup): two short posts without commas inside a wrapper that
  // also holds the board's menus and crumbs, so that the wrapper as a whole reads as link-heavy.
  const crumbs = `<ul class="crumbs"><li><a href="/">Index</a></li><li><a href="/f/1">General discussion</a></li><li><a href="/t/9">Why the image grew</a></li></ul>`;
  const post = (n: number, who: string, body: string) => `<div class="blockpost"><h2><span>#${n}</span> <a href="/p${n}">2025-11-0${n} 15:14</a></h2>
    <div class="box"><div class="inbox"><div class="postbody"><div class="postleft"><dl><dt><strong>${who}</strong></dt><dd>Posts: ${n * 7}</dd></dl></div>
    <div class="postright"><h3>Re: Why the image grew</h3><div class="postmsg"><p>${body}</p></div></div></div></div></div></div>`;
  const thread = `<html><body><div class="pun"><div class="punwrap">
    <div id="brdheader"><ul>${["", "rules", "search", "register", "login"].map((p) => `<li><a href="/${p}">${p || "Index"}</a></li>`).join("")}</ul>
    <p>You are not logged in.</p><ul><li>Topics: <a href="/new">Active</a> | <a href="/none">Unanswered</a></li></ul></div>
    <div class="linkst">${crumbs}</div>
    <div id="brdmain">${post(1, "chunix", "Why did the install image grow so quickly from last year to this one when the years before it barely changed at all")}
    ${post(2, "nl6720", "The boot loader changed back to the older one which needs the kernel twice and the rest is firmware getting bigger with each release")}</div>
    <div class="linksb">${crumbs}</div></div></div></body></html>`;

  it("keeps a thread whose wrapper also holds the board's menus: the crumbs go, the posts stay", () => {
    const out = text(thread);
    expect(out).toContain("Why did the install image grow");
    expect(out).toContain("The boot loader changed back");
    expect(out).not.toContain("General discussion");
  });

  it("keeps the lists of links of an index page (languages by letter), but not a list of another kind beside them", () => {
    const letter = (l: string) =>
      `<h2>${l}</h2><div class="div-col"><ul>${[1, 2, 3, 4, 5, 6].map((i) => `<li><a href="/wiki/${l}${i}">${l}-language number ${i}</a></li>`).join("")}</ul></div>`;
    const translations = `<div class="lang-menu"><ul>${["Deutsch", "Español", "Français", "Italiano"].map((t) => `<li><a href="https://${t}.example">${t}</a></li>`).join("")}</ul></div>`;
    const out = text(
      `<html><body><main><div class="content"><p>${sentence("which languages this index lists")}</p>${["A", "B", "C", "D"].map(letter).join("")}${translations}</div></main></body></html>`,
    );
    for (const l of ["A", "B", "C", "D"]) expect(out).toContain(`${l}-language number 6`);
    expect(out).not.toContain("Español");
  });

  it("still drops a short remnant that is mostly links once the rest is gone", () => {
    const out = text(`<html><body><main><article>${["one", "two", "three"].map((t) => `<p>${sentence(t)}</p>`).join("")}</article></main>
      <div class="cart"><a href="/cart">Cart</a> <a href="/skip">Skip to content</a></div></body></html>`);
    expect(out).toContain("about three");
    expect(out).not.toContain("Skip to content");
  });
});

describe("main content: markup that misleads the pruning", () => {
  const story = ["kettles", "fuses", "descaling", "limescale"].map((t) => `<p>${sentence(t)}</p>`).join("");

  it("keeps a product grid in a block named like an aside when it holds more than the page outside its asides", () => {
    const item = (i: number) => `<div class="item"><a href="/p/${i}"><h4>KR${i}</h4></a><p>Mower for ${i} acres</p><span>$${i}99.99</span></div>`;
    const megaMenu = `<div class="header-menu">${Array.from({ length: 19 }, (_, i) => `<a href="/c${i}">Category ${i}</a>`).join(" ")}</div>`;
    const siteFooter = `<div class="footer-links">${Array.from({ length: 16 }, (_, i) => `<a href="/f${i}">Footer ${i}</a>`).join(" ")}</div>`;
    const grid = `<section class="related-product"><div class="row">${Array.from({ length: 8 }, (_, i) => item(i)).join("")}</div></section>`;
    const out = text(`<html><body>${megaMenu}<div class="content"><h2>Mowers</h2>${grid}</div>${siteFooter}</body></html>`);
    for (let i = 0; i < 8; i++) expect(out).toContain(`Mower for ${i} acres`);
    expect(out).not.toContain("Footer 1");
    expect(out).not.toContain("Category 1");
  });

  it("keeps a grid whose every card is named like an aside when the cards together outweigh the rest, but not a run of popovers", () => {
    const card = (i: number) =>
      `<div class="shop-relatedlink"><a href="/m/${i}"><h3>Model ${i}</h3><p>Model ${i} has a bright screen and a light frame, from $${i}99.</p></a></div>`;
    const grid = `<div class="shelf" role="main"><h2>All models.</h2><div class="scroller">${Array.from({ length: 6 }, (_, i) => card(i)).join("")}</div></div>`;
    const intro = `<div class="intro"><p>${sentence("choosing a model")}</p></div>`;
    const out = text(`<html><body>${menu}${intro}${grid}</body></html>`);
    for (let i = 0; i < 6; i++) expect(out).toContain(`Model ${i} has a bright screen`);
    // Cards of one kind inside the content, too: the cleaner keeps them when they outweigh the rest.
    const declared = `<html><head><meta property="og:type" content="product"></head><body><main>${intro}${grid}</main></body></html>`;
    expect(text(declared)).toContain("Model 5 has a bright screen");
    // Menus preloaded for a hover, one per item of a bar, are popovers however much they hold.
    const popover = (i: number) => `<div class="shelf-popover"><h4>Category ${i}</h4><p>${sentence(`the books of category ${i}`)}</p></div>`;
    const page = `<html><body>${[0, 1, 2, 3].map(popover).join("")}<div class="list"><p>${sentence("this week's best sellers")}</p></div></body></html>`;
    expect(text(page)).toContain("best sellers");
    expect(text(page)).not.toContain("books of category 3");
  });

  it("reads a card's teaser in a second link kept from screen readers (aria-hidden, out of the tab order), but not other aria-hidden blocks", () => {
    const card = (i: number) =>
      `<article class="river"><header><h2><a href="/s/${i}">Story ${i}</a></h2><a href="/s/${i}" aria-hidden="true" tabindex="-1"><p>Teaser ${i}: what the story says, in a sentence or two for the reader.</p></a></header></article>`;
    const out = text(
      `<html><body><main>${[1, 2, 3, 4].map(card).join("")}<div aria-hidden="true"><p>${sentence("a clone of a slide")}</p></div></main></body></html>`,
    );
    expect(out).toContain("Teaser 4: what the story says");
    expect(out).not.toContain("a clone of a slide");
  });

  it("reads a carousel's slides kept from screen readers until they slide in, but not a slide cloned for the loop", () => {
    const slide = (i: number, cls = "carousel__cell") => `<li class="${cls}" aria-hidden="true"><p>${sentence(`the home on plot ${i}`)}</p></li>`;
    const out = text(`<html><body><main><ul>${[1, 2, 3, 4].map((i) => slide(i)).join("")}${slide(9, "slide slick-cloned")}</ul></main></body></html>`);
    expect(out).toContain("the home on plot 4");
    expect(out).not.toContain("the home on plot 9");
  });

  it("reads what a labelled link shows the eye (its face kept from screen readers, the label saying it again), but not a face the label does not say", () => {
    const book = (i: number) =>
      `<li><a href="/b/${i}">Book ${i}: a novel of the sea</a><a href="/r/${i}" aria-label="4.${i} out of 5 stars, 1,20${i} ratings"><i aria-hidden="true"><span>4.${i} out of 5 stars</span></i> <span aria-hidden="true">1,20${i}</span></a><span>$1${i}.99</span></li>`;
    const out = text(`<html><body><main><ol>${[1, 2, 3, 4, 5].map(book).join("")}</ol></main></body></html>`);
    expect(out).toContain("4.5 out of 5 stars");
    expect(out).toContain("1,205");
    const unlabelled = text(
      `<html><body><main><ol>${[1, 2, 3, 4, 5].map((i) => book(i).replace(/aria-label="[^"]*"/, 'aria-label="Reviews"')).join("")}</ol></main></body></html>`,
    );
    expect(unlabelled).not.toContain("out of 5 stars");
  });

  it("reads a price's face kept from screen readers when the text for readers stands right after it, once", () => {
    const item = (i: number) =>
      `<li class="product"><h2>Gear bag ${i}</h2><p>A canvas bag for the boot of a four-wheel drive.</p><span class="price"><del aria-hidden="true">$3${i}.00</del> <span class="screen-reader-text">Original price was: $3${i}.00.</span><ins aria-hidden="true">$2${i}.00</ins><span class="screen-reader-text">Current price is: $2${i}.00.</span></span></li>`;
    const out = text(`<html><body><main><ul>${[1, 2, 3, 4, 5].map(item).join("")}</ul></main></body></html>`);
    expect(out).toContain("$35.00");
    expect(out).toContain("$25.00");
    expect(out.match(/\$25\.00/g)).toHaveLength(1);
    // A face kept from screen readers with no text for them after it is hidden as any other.
    const faceAlone = (i: number) => item(i).replace(/<span class="screen-reader-text">[^<]*<\/span>/g, "");
    const alone = text(`<html><body><main><ul>${[1, 2, 3, 4, 5].map(faceAlone).join("")}</ul></main></body></html>`);
    expect(alone).toContain("Gear bag 5");
    expect(alone).not.toContain("$35.00");
  });

  it("keeps a grid inside a block named for its paging (the list being paged), but drops the line of page links", () => {
    const card = (i: number) => `<article class="card"><h4>Seamless tee ${i}</h4><p>Slim fit, in black or storm blue, from $${20 + i}.</p></article>`;
    const pages = `<div class="pagination-links"><a href="?p=1">1</a> <a href="?p=2">2</a> <a href="?p=3">3</a> <a href="?p=2">Next</a></div>`;
    const grid = `<div class="pagination-wrap"><div class="grid">${Array.from({ length: 12 }, (_, i) => card(i)).join("")}</div>${pages}</div>`;
    const blurb = `<div class="seo-copy">${["fits", "fabrics", "washing", "sizes", "colours", "returns", "seams", "layering", "training", "care"].map((t) => `<p>${sentence(t)}</p>`).join("")}</div>`;
    const out = text(`<html><body><main><h1>Tees</h1>${grid}${blurb}</main></body></html>`);
    expect(out).toContain("Seamless tee 11");
    expect(out).toContain("about washing");
    expect(out).not.toContain("Next");
  });

  it("leaves it to the thread test whether comments larger than a short post are content", () => {
    const post = `<div class="post-body"><p>${sentence("this month's open thread")}</p></div>`;
    const comments = `<div class="comment-list">${["rain", "snow", "hail"].map((t) => `<div><p>${sentence(`a reader's view on ${t}`)}</p></div>`).join("")}</div>`;
    const header = `<div class="site-header">${Array.from({ length: 30 }, (_, i) => `<a href="/s${i}">Section ${i}</a>`).join(" ")}</div>`;
    const out = text(
      `<html><head><meta property="og:type" content="article"></head><body>${header}<div class="main-column">${post}${comments}</div>${header}</body></html>`,
    );
    expect(out).toContain("open thread");
    expect(out).not.toContain("a reader's view");
    expect(out).not.toContain("Section 1");
  });

  it("does not take a site's mega-menu that outweighs a short page for its content", () => {
    const links = (cls: string, word: string, n: number) =>
      `<div class="${cls}">${Array.from({ length: n }, (_, i) => `<a href="/${word}${i}">${word} ${i}</a>`).join(" ")}</div>`;
    const out = text(
      `<html><body>${links("site-header", "Section", 25)}<div class="main-column"><p>${sentence("our opening hours")}</p></div>${links("sidebar", "Topic", 20)}${links("footer-links", "Legal", 20)}</body></html>`,
    );
    expect(out).toContain("opening hours");
    expect(out).not.toContain("Section 1");
  });

  it("drops a cookie-preferences centre that outweighs a short thread, but not a page that is all of one such block", () => {
    const purposes = ["strictly necessary", "analytics", "advertising", "functional"]
      .map((t) => `<h3>${t} cookies</h3><p>${sentence(`${t} cookies`)}</p>`)
      .join("");
    const centre = `<div id="consent-sdk"><div class="pc-center"><h2>Privacy Preference Center</h2>${purposes}</div></div>`;
    const out = text(`<html><body><div class="thread"><p>${sentence("a question on fan mounts")}</p></div>${centre}</body></html>`);
    expect(out).toContain("fan mounts");
    expect(out).not.toContain("Privacy Preference Center");
    expect(text(`<html><body><div class="cookie-policy"><h1>Our cookie policy</h1>${purposes}</div></body></html>`)).toContain("analytics cookies");
  });

  it("drops a sidebar holding half of the page beside a short thread, but not a page that is mostly sidebar", () => {
    const sidebar = `<div class="p-body-sidebar"><h3>From the community</h3>${["memory prices", "a new law", "video games"].map((t) => `<p>${sentence(t)}</p>`).join("")}</div>`;
    const posts = [1, 2, 3].map((i) => `<div class="message"><p>${sentence(`which card to buy, reply ${i}`)}</p></div>`).join("");
    const out = text(`<html><body><div class="p-body-main">${posts}</div>${sidebar}</body></html>`);
    expect(out).toContain("which card to buy, reply 3");
    expect(out).not.toContain("about video games");
    const short = `<div class="p-body-main"><p>${sentence("a short note")}</p></div>`;
    expect(text(`<html><body>${short}${sidebar}</body></html>`)).toContain("about video games");
  });

  it("drops a popover's text (a tooltip a badge opens on hover), as it drops a popup", () => {
    const badge = `<span class="badge">Pick of the week</span><div class="badge-popover"><p>${sentence("how picks are chosen by our style experts")}</p></div>`;
    const out = text(`<html><body><main><h1>Ceramic mug</h1>${badge}${story}</main></body></html>`);
    expect(out).toContain("about limescale");
    expect(out).not.toContain("style experts");
  });

  it("drops a sidebar named after the part of the page it sits in (p-body-sidebar)", () => {
    const sidebar = `<div class="p-body-sidebar"><h3>Members online</h3><p>${sentence("who is online right now")}</p></div>`;
    const out = text(`<html><body><div class="p-body"><div class="p-body-main">${story}</div>${sidebar}</div></body></html>`);
    expect(out).toContain("about limescale");
    expect(out).not.toContain("online right now");
  });

  it("still drops a related block smaller than the story beside it", () => {
    const related = `<div class="related-posts"><p>${sentence("another post readers liked")}</p></div>`;
    const out = text(`<html><body>${menu}<div class="content">${story}${related}</div></body></html>`);
    expect(out).toContain("about limescale");
    expect(out).not.toContain("readers liked");
  });

  it("keeps a page that an unclosed <aside> swallowed, but not a menu's featured-story card", () => {
    expect(text(`<html><body><aside class="announcement">New release!<main><article>${story}</article></main></body></html>`)).toContain("about limescale");
    const card = `<nav><ul><li><a href="/a">Products</a></li><li><article><a href="/s">Featured: a menu card about kettles</a></article></li></ul></nav>`;
    const out = text(`<html><body>${card}<main>${story}</main></body></html>`);
    expect(out).toContain("about fuses");
    expect(out).not.toContain("menu card");
  });

  it("keeps a <main> that an unclosed <nav> swallowed, though no <article> holds the story", () => {
    const out = text(`<html><body><nav class="site-nav"><a href="/">Home</a> <a href="/kettles">Kettles</a><main>${story}</main></body></html>`);
    expect(out).toContain("about fuses");
    expect(out).toContain("about limescale");
  });

  it("keeps an <article> holding most of the page's text that an unclosed <aside> swallowed, with no <main> around it", () => {
    const out = text(
      `<html><body><div class="notice"><p>${sentence("a sale on kettles")}</p></div><aside class="announcement">New release!<article>${story}</article></body></html>`,
    );
    expect(out).toContain("about descaling");
    expect(out).toContain("about limescale");
  });

  it("prunes a footer that wraps neither a <main> nor an <article>, though it holds more of the page's text than the story", () => {
    const footer = `<footer>${["our shops", "delivery times", "returns and refunds"].map((t) => `<p>${sentence(t)}</p>`).join("")}</footer>`;
    const out = text(`<html><body><div class="content"><p>${sentence("descaling a kettle")}</p></div>${footer}</body></html>`);
    expect(out).toContain("about descaling a kettle");
    expect(out).not.toContain("about returns and refunds");
  });

  it("reads a page after a self-closed <iframe> in a <noscript> as browsers do, not as the frame's text", () => {
    const tagManager = `<noscript><iframe src="https://tags.example/ns.html" height="0" width="0" style="display:none" /></noscript>`;
    expect(text(`<html><body>${tagManager}<div class="page">${story}</div></body></html>`)).toContain("about fuses");
  });

  it("reads a story that is one panel of tabs with the other panels (a department's Info beside its Forms)", () => {
    const forms = [
      "Building permit",
      "Fence permit",
      "Pool registration",
      "Complaint form",
      "Excavation permit",
      "Contractor list",
      "Business licence",
      "Temporary use permit",
      "Storage container permit",
      "Demolition permit",
    ];
    const panel = (i: number, body: string) =>
      `<div class="tab-panel" role="tabpanel" id="p${i}"${i > 0 ? ' style="display:none"' : ""}><div class="editor">${body}</div></div>`;
    const html = `<html><body>${menu}<div class="layout"><ol class="tabs"><li><a role="tab" href="#p0">Info</a></li><li><a role="tab" href="#p1">Forms</a></li></ol>
      <div class="panels">${panel(0, ["permits", "zoning"].map((t) => `<p>${sentence(t)}</p>`).join(""))}${panel(1, `<h3>Forms</h3><ul>${forms.map((f) => `<li><a href="/forms/${f}">${f} - PDF fill-in</a></li>`).join("")}</ul>`)}</div>
    </div><div class="legal">© Example Town</div></body></html>`;
    const out = text(html);
    expect(out).toContain("about zoning");
    expect(out).toContain("Pool registration - PDF");
    expect(out).not.toContain("Example Town");
  });

  it("does not read a class saying what a block has or lacks as its role, but still reads the role beside it", () => {
    const story = (n: number) =>
      `<div class="summary-item"><a href="/story/${n}"><h3>Story number ${n} in the grid</h3></a><p>${sentence(`story ${n}`)}</p></div>`;
    const html = `<html><body><main>
      <div class="grid-items hide-read-more-ad">${[1, 2, 3, 4].map(story).join("")}</div>
      <div class="grid-items has-sidebar">${[5, 6, 7, 8].map(story).join("")}</div>
      <div class="grid-items">${[9, 10, 11, 12].map(story).join("")}</div>
      <div class="related no-thumbnails"><p>A related read on another subject that is not this page's.</p></div>
    </main></body></html>`;
    const out = text(html);
    for (const n of [1, 4, 5, 8, 12]) expect(out).toContain(`about story ${n}`);
    expect(out).not.toContain("A related read");
  });

  it("does not read an overflow utility as hiding: a hero classed overflow-hidden is shown", () => {
    const html = `<html><body><main><div class="hero flex overflow-hidden"><img src="/game.jpg" alt=""><h2>Every game at once</h2><div>Live odds and full coverage of four games on one screen</div></div>
      <section><p>${sentence("streaming")}</p></section><section><p>${sentence("remotes")}</p></section></main></body></html>`;
    const out = text(html);
    expect(out).toContain("Live odds and full coverage");
    expect(out).toContain("about remotes");
  });

  it("does not read a utility class's variant or arbitrary value as a role", () => {
    const sections = ["kettles", "fuses", "descaling"]
      .map((t) => `<section class="stack lg:pt-[var(--banner-height)]"><p>${sentence(t)}</p></section>`)
      .join("");
    const html = `<html><body><main>${sections}<div class="ad-banner">Buy now</div></main></body></html>`;
    const out = text(html);
    expect(out).toContain("about descaling");
    expect(out).not.toContain("Buy now");
  });

  it("keeps the hidden panels of tabs, which show on a click, but not other hidden blocks", () => {
    const panels = ["Python", "Java"]
      .map(
        (lang, i) =>
          `<div role="tabpanel"${i > 0 ? " hidden" : ""}><pre><code>client = connect(region="eu-west")\nclient.send_message_in_${lang}(to="+100", body="hello")</code></pre></div>`,
      )
      .join("");
    const out = text(`<html><body><main><h2>Send a message</h2>${story}${panels}<div hidden>Closed drawer</div></main></body></html>`);
    expect(out).toContain("send_message_in_Python(");
    expect(out).toContain("send_message_in_Java(");
    expect(out).not.toContain("Closed drawer");
  });

  it("knows a tab's or an accordion's panel by the names frameworks give it (tab-pane, tab__content, accordion__content), without a role or a control", () => {
    const panel = (cls: string, topic: string, hidden: boolean) =>
      `<div class="${cls}"${hidden ? ' style="display: none"' : ""}><p>${sentence(topic)}</p></div>`;
    const html = `<html><body><main><h2>Specifications</h2>${story}${panel("tab-pane active", "the overview", false)}${panel("tab-pane fade", "the dimensions", true)}${panel("tab__content", "the warranty", true)}${panel("styles_accordion__content__x9", "the returns", true)}<div class="drawer" style="display: none"><p>${sentence("a closed drawer")}</p></div></main></body></html>`;
    const out = text(html);
    for (const topic of ["the overview", "the dimensions", "the warranty", "the returns"]) expect(out).toContain(`about ${topic}`);
    expect(out).not.toContain("closed drawer");
  });
});

describe("main content: lists of links inside the content", () => {
  it("keeps a list of one or two linked phrases under a heading (a changelog's entries) and drops a list of many links", () => {
    const entry = (who: string, change: string) => `<h2>${who}</h2><ul><li><a href="https://example.org/pull/1">${change}</a></li></ul>`;
    const related = Array.from({ length: 5 }, (_, i) => `<li><a href="/r${i}">Related update number ${i}</a></li>`).join("");
    const html = `<html><body><main><article><p>${sentence("what changed in the last two weeks")}</p>
      ${entry("alice", "Always save remote image data")}${entry("bob", "Replace unwrap calls in tests")}
      <p>${sentence("how to support the work")}</p><ul>${related}</ul></article></main></body></html>`;
    const out = text(html);
    expect(out).toContain("Always save remote image data");
    expect(out).toContain("Replace unwrap calls in tests");
    expect(out).not.toContain("Related update number");
  });
});

describe("main content: a thread whose first post outweighs the replies", () => {
  const post = (author: string, body: string) =>
    `<li class="message" data-author="${author}"><div class="message-user">${author}</div><span class="DateTime">May 26, 2025</span><div class="message-content"><article>${body}</article></div></li>`;
  const first = ["harbours", "bridges", "tunnels", "ferries", "railways", "canals", "airports"].map((t) => `<p>${sentence(t)}</p>`).join("");

  it("keeps every post, with its author, and reads the page as a forum", () => {
    const html = `<html><body>${menu}<main><h1>Best hosts</h1><ol class="messageList">
      ${post("pelex", first)}${post("cdb", "<p>Are you maybe interested in adding some local options as well?</p>")}${post("darth", "<p>This reads like a marketing post to me.</p>")}
    </ol></main></body></html>`;
    const main = extractMainContent(parseHtml(html));
    expect(main.text).toContain("about railways");
    expect(main.text).toContain("adding some local options");
    expect(main.text).toContain("marketing post");
    expect(main.text).toContain("cdb");
    expect(main.pageType).toBe("forum");
  });

  it("finds a post's date in its header's text when no markup names it", () => {
    const smf = (author: string, body: string) =>
      `<div class="windowbg"><div class="poster"><h4>${author}</h4></div><div class="postarea"><span class="smalltext">June 09, 2024, 03:29:46 AM</span><div class="post">${body}</div></div></div>`;
    const html = `<html><body><div id="forumposts">${smf("arantor", first)}${smf("rcane", "<p>It can write a pretty mean haiku on just about anything.</p>")}</div></body></html>`;
    const main = extractMainContent(parseHtml(html));
    expect(main.text).toContain("about railways");
    expect(main.text).toContain("pretty mean haiku");
  });

  it("reads a board whose posts are named neither comments nor replies as a thread, and a listing of bylined stories as none", () => {
    const topics = ["kiln shelves", "cone packs", "glaze recipes", "bisque firing"];
    const board = `<html><body>${menu}<main><h2>Kiln shelves cracking</h2><div class="action-bar">Post Reply</div>${topics
      .map(
        (topic, i) =>
          `<div id="p${i}" class="post bg${i % 2}"><h3><a href="./viewtopic.php?p=${i}#p${i}">Re: Kiln shelves cracking</a></h3><p class="author">by <a href="/u/${i}">potter${i}</a> » <time datetime="2025-03-0${i + 1}">Mar ${i + 1}, 2025</time></p><div class="content"><p>${sentence(topic)}</p></div><div class="post-buttons">Quote</div></div>`,
      )
      .join("")}</main></body></html>`;
    const thread = extractMainContent(parseHtml(board));
    expect(thread.pageType).toBe("forum");
    for (const topic of topics) expect(thread.text).toContain(`about ${topic}`);
    expect(thread.text).toContain("potter2");
    expect(thread.text).not.toMatch(/^Quote$/m);

    const listing = `<html><body>${menu}<main><h1>Journal</h1>${topics
      .map(
        (topic, i) =>
          `<div class="card"><h3><a href="/journal/${i}">On ${topic}</a></h3><p class="author">by <a href="/u/${i}">potter${i}</a> <time datetime="2025-03-0${i + 1}">Mar ${i + 1}, 2025</time></p><p>${sentence(topic)}</p></div>`,
      )
      .join("")}</main></body></html>`;
    expect(extractMainContent(parseHtml(listing)).pageType).not.toBe("forum");
  });

  it("does not read a story as a thread for a byline in one section beside it", () => {
    const html = `<html><body><main>
      <div class="section"><span class="author">The Team</span><time datetime="2025-10-10">Oct 10, 2025</time></div>
      <div class="section"><article>${first}</article><div class="author-card">The Team</div><time datetime="2025-10-10">Oct 10</time></div>
      <div class="section"><h2>Related</h2><p>Another page</p></div><div class="section"><p>Newsletter</p></div>
    </main></body></html>`;
    const main = extractMainContent(parseHtml(html));
    expect(main.text).toContain("about railways");
    expect(main.pageType).not.toBe("forum");
  });
});

describe("main content: what a product page declares", () => {
  const product = (description: string) =>
    `<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"Organization","name":"Forge"},{"@type":"Product","name":"Arrival tee","description":${JSON.stringify(description)},"offers":{"@type":"Offer","price":"30"}}]}</script>`;
  const buyBox = `<main><h1>Arrival tee</h1><p>$30</p><p>Select a size</p><button>Add to bag</button><p>Free delivery on orders over $75</p></main>`;

  it("adds the description only the JSON-LD Product carries to a page whose HTML holds the buy box alone", () => {
    const description = "BUILT TO TRAIN\n\nA lightweight tee that wicks sweat & dries fast.\nSlim fit, with flat seams that do not rub.";
    const out = text(`<html><head>${product(description)}</head><body>${menu}${buyBox}</body></html>`);
    expect(out).toContain("Select a size");
    expect(out).toMatch(/Free delivery on orders over \$75\n+BUILT TO TRAIN\n+A lightweight tee that wicks sweat & dries fast\.\n+Slim fit, with flat seams/);
  });

  it("reads a description stored as HTML as its markup, and adds nothing the page already says", () => {
    const out = text(
      `<html><head>${product("<p><strong>Built to train</strong></p><ul><li>Slim fit</li><li>Flat seams</li></ul>")}</head><body>${buyBox}</body></html>`,
    );
    expect(out).toMatch(/Built to train\n+Slim fit\n+Flat seams/);
    const said = "A lightweight tee that wicks sweat and dries fast, cut slim with flat seams that do not rub.";
    const page = `<html><head>${product(said)}</head><body><main><h1>Arrival tee</h1><p>$30</p><p>${said}</p></main></body></html>`;
    expect(text(page).split("wicks sweat").length).toBe(2);
  });

  it("reads the description from a JSON-LD script only, not from a script of another type holding the same Product", () => {
    const declaration = product("A lightweight tee that wicks sweat and dries fast, cut slim with flat seams that do not rub.");
    const page = (script: string) => `<html><head><meta property="og:type" content="product">${script}</head><body>${menu}${buyBox}</body></html>`;
    expect(text(page(declaration))).toContain("wicks sweat");
    const state = text(page(declaration.replace("application/ld+json", "application/json")));
    expect(state).toContain("Select a size");
    expect(state).not.toContain("wicks sweat");
  });
});
