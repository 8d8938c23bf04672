import { describe, expect, it } from "vitest";
import { type CleanOptions, clean } from "./clean";
import { descendants, documentBody, elementChildren, parseHtml } from "./dom";
import { plainText } from "./plain-text";

/** The body's first element cleaned as a story's part (or, keeping its cards always, as a region), as its text. */
function cleaned(html: string, keepCards: CleanOptions["keepCards"] = "dominant"): string {
  const root = elementChildren(documentBody(parseHtml(`<html><body>${html}</body></html>`))!)[0]!;
  clean(root, { keepCards, discussion: false });
  return plainText([root]);
}

describe("clean: blocks named boilerplate", () => {
  it("keeps cards of one kind named boilerplate when together they outweigh the rest", () => {
    const card = (i: number) => `<div class="promo-card"><h3>Plan ${i}</h3><p>Plan ${i} gives you ${i + 1} seats and a shared inbox for the team.</p></div>`;
    const out = cleaned(`<div class="plans"><p>Pick a plan.</p>${[1, 2, 3, 4].map(card).join("")}</div>`);
    expect(out).toContain("Plan 4 gives you 5 seats");
  });

  it("keeps a section whose id is its heading's anchor (Respond to review comments), where a block so named goes", () => {
    const story = ["a patch", "a cover letter", "a changelog"]
      .map((what) => `<p>Send ${what} to the list in plain text, and keep the subject line under seventy characters.</p>`)
      .join("");
    const section = (id: string, title: string) =>
      `<section id="${id}"><h3>${title}</h3><p>Reviewers will answer; reply inline and thank them for their time.</p></section>`;
    expect(cleaned(`<div>${story}${section("respond-to-review-comments", "Respond to review comments")}</div>`)).toContain("reply inline");
    expect(cleaned(`<div>${story}${section("review-comments", "What reviewers said")}</div>`)).not.toContain("reply inline");
  });

  it("keeps testimonials named comments (a course's testimonials-comments), where comments go", () => {
    const course = ["Linux", "Git", "licensing"]
      .map((topic) => `<p>The course covers ${topic} in three short chapters, each with a quiz and a lab you run in your browser.</p>`)
      .join("");
    const quotes = (name: string) => `<section class="${name}"><p>I took this course before my first contribution and it made the process clear.</p></section>`;
    expect(cleaned(`<div>${course}${quotes("course-testimonials-comments")}</div>`)).toContain("made the process clear");
    expect(cleaned(`<div>${course}${quotes("course-comments")}</div>`)).not.toContain("made the process clear");
  });

  it("drops text kept for screen readers only (sr-only, visually-hidden, offscreen): a price read out twice", () => {
    const story = ["clay", "stoneware", "porcelain"]
      .map((what) => `<p>Kilns fire ${what} at over a thousand degrees, and the glaze melts into glass as it cools.</p>`)
      .join("");
    for (const cls of ["sr-only", "visually-hidden", "a-offscreen", "screen-reader-text"]) {
      const out = cleaned(`<div>${story}<p><span class="${cls}">Price: 420 dollars and 99 cents</span><span aria-hidden="false">$420.99</span></p></div>`);
      expect(out, cls).toContain("$420.99");
      expect(out, cls).not.toContain("dollars and 99 cents");
    }
  });

  it("keeps the prose a Read more toggle unfolds, and drops the toggle's link", () => {
    const description = ["a convenient handle", "a folk art glaze", "a wheel-thrown body"]
      .map((what) => `Stoneware mug with ${what}, fired in a wood kiln and safe in the dishwasher.`)
      .join("<br>");
    const shipping = ["Kyiv", "Lviv", "Odesa", "Kharkiv", "Dnipro"]
      .map((what) => `<p>Shipping and returns: the mug ships from ${what}; ask the maker about anything before you buy it.</p>`)
      .join("");
    const out = cleaned(
      `<div><h2>Item details</h2><p>Materials: ceramic</p>${shipping}<div id="content-toggle-product-details-read-more" class="toggle__body--truncated"><p>${description}</p></div><button>Learn more about this item</button><div class="read-more"><a href="/shop/mugs">Read more from this shop</a></div></div>`,
    );
    expect(out).toContain("a folk art glaze, fired in a wood kiln");
    expect(out).not.toContain("from this shop");
  });

  it("keeps a code block's highlighted tokens, whatever the highlighter names them", () => {
    const story = ["components", "props", "state"]
      .map((what) => `<p>React renders ${what} from plain functions, and the guide walks through each of them.</p>`)
      .join("");
    const code = `<pre><code><span class="token tag">&lt;button&gt;</span>Click me<span class="token tag">&lt;/button&gt;</span>\n<span class="token comment">// the button renders its label</span></code></pre>`;
    const out = cleaned(`<div>${story}${code}</div>`);
    expect(out).toContain("<button>Click me</button>");
    expect(out).toContain("// the button renders its label");
  });

  it("reads no role in an id of five words or more: an anchor named after its section, around the story's text", () => {
    const story = ["oil changes", "brake pads", "tyre rotations", "coolant flushes"]
      .map((t) => `<p>Shops push ${t} on drivers who do not need them, and the owner's manual says how often.</p>`)
      .join("");
    const tips = ["the worn part", "the old filter", "the quote in writing", "the warranty", "the invoice", "the test drive"]
      .map((t) => `<p>Ask the mechanic for ${t} before you pay, and keep it with the car's papers for the next visit.</p>`)
      .join("");
    const related = `<div class="related"><a href="/a">Car repair shops guide</a> <a href="/b">How to save on repairs</a></div>`;
    const out = cleaned(
      `<div><p>Here is what to skip at the garage this year, in brief.</p>${related}<div class="text" id="more-on-car-repair-related-articles-text">${story}</div>${tips}</div>`,
    );
    expect(out).toContain("Shops push coolant flushes");
    expect(out).not.toContain("Car repair shops guide");
  });

  it("drops a story's two bylines even where they outweigh the rest of a short block", () => {
    const out = cleaned(
      `<div class="story-top"><h2>Gifts for gardeners</h2><span class="article__byline">By Ann Reed</span><span class="article__byline">Garden Learning Net</span><span>May 2</span></div>`,
    );
    expect(out).toContain("Gifts for gardeners");
    expect(out).not.toContain("Ann Reed");
  });

  it("drops the author's card after a story, however its class names it, but not a card's byline", () => {
    const story = ["clay at over a thousand degrees", "stoneware twice", "porcelain in a reducing kiln"]
      .map((what) => `<p>Kilns fire ${what}, and the glaze melts into glass on the pot's skin as it cools.</p>`)
      .join("");
    const bio = "Ann Reed is a potter and writer who has taught wheel throwing for twenty years in Leeds.";
    for (const cls of ["author-section", "post-page-author-card", "about-author-new", "single-content-author__about", "author_detail_box"]) {
      const out = cleaned(`<div class="entry">${story}<div class="${cls}"><h4>About the author</h4><p>${bio}</p></div></div>`);
      expect(out, cls).toContain("Kilns fire clay");
      expect(out, cls).not.toContain("Ann Reed is a potter");
    }
    const cards = [1, 2, 3]
      .map((i) => `<div class="post-card"><h3>Firing log ${i}: a cone six glaze that crawled</h3><div class="post-card-author">By Ann Reed</div></div>`)
      .join("");
    expect(cleaned(`<div class="feed">${cards}</div>`)).toContain("By Ann Reed");
  });

  it("drops the author's card marked as schema.org microdata when it holds a biography, not a byline so marked", () => {
    const story = ["clay", "stoneware", "porcelain"]
      .map((what) => `<p>Kilns fire ${what} at over a thousand degrees, and the glaze melts into glass as it cools.</p>`)
      .join("");
    const card = `<div class="box" itemprop="author" itemscope itemtype="https://schema.org/Person"><b itemprop="name">Ann Reed</b><div itemprop="description"><p>Ann Reed owns a studio in Leeds, where she has taught wheel throwing and glazing for twenty years, and writes about kilns for two craft magazines.</p></div></div>`;
    const out = cleaned(`<div class="entry">${story}${card}</div>`);
    expect(out).toContain("Kilns fire porcelain");
    expect(out).not.toContain("owns a studio");
    const byline = `<p><span itemprop="author">Ann Reed</span>, May 2</p>`;
    expect(cleaned(`<div class="entry">${byline}${story}</div>`)).toContain("Ann Reed, May 2");
  });
});

describe("clean: menus' panels", () => {
  it("drops a dropdown of links left in the page, even among cards, and keeps an accordion's dropdown of prose", () => {
    const services = ["Audit", "Tax planning", "Estate and trust", "Payroll", "Advisory"];
    const dropdown = `<div class="hero-select__dropdown"><ul>${services.map((s, i) => `<li><a href="/s/${i}">${s} services for families and firms</a></li>`).join("")}</ul></div>`;
    const answers = ["the fees", "the schedule", "the certificate", "the teachers", "the reading list", "the exam"]
      .map(
        (t) =>
          `<div class="faq"><h3>What about ${t}?</h3><div class="accordion-item__dropdown"><p>Everything about ${t} is explained here, with a comma, and a date.</p></div></div>`,
      )
      .join("");
    const root = elementChildren(documentBody(parseHtml(`<html><body><div>${dropdown}${answers}</div></body></html>`))!)[0]!;
    clean(root, { keepCards: "always", discussion: false });
    const out = plainText([root]);
    expect(out).not.toContain("Payroll services");
    expect(out).toContain("Everything about the schedule");
  });
});

describe("clean: calls to act", () => {
  it("drops a link that says only where it leads, and keeps such words within a sentence", () => {
    const teaser = (i: number) => `<p>Loading a kiln for a glaze firing, part ${i}, with shelves and posts. <a href="/k/${i}">Read more »</a></p>`;
    const out = cleaned(
      `<div>${[1, 2].map(teaser).join("")}<p><a href="/pricing">Learn more about pricing</a></p><p>You can <a href="/kilns">read more about kilns</a> in our guide to firing.</p></div>`,
    );
    expect(out).toContain("part 2, with shelves and posts.");
    expect(out).not.toContain("Read more");
    expect(out).not.toContain("about pricing");
    const quote = `<blockquote><p>Stoneware shrinks about twelve percent between the wheel and the last firing. <a role="button">Click to expand...</a></p></blockquote>`;
    const more = `<p>${"Porcelain shrinks more than stoneware, and warps if the shelf is uneven. ".repeat(2)}</p><p><span role="button">Show 12 more comments</span></p>`;
    const expanded = cleaned(`<div>${quote}${more}</div>`);
    expect(expanded).toContain("between the wheel and the last firing");
    expect(expanded).not.toContain("Click to expand");
    expect(expanded).not.toContain("more comments");
    expect(out).toContain("You can read more about kilns in our guide to firing.");
  });

  it("drops such links in other languages, whole", () => {
    for (const call of [
      "Lire la suite »",
      "Weiterlesen",
      "Leer más",
      "Leggi di più",
      "Saiba mais",
      "Lees meer",
      "Читать далее →",
      "続きを読む",
      "查看更多",
      "더보기",
    ]) {
      const out = cleaned(`<div><p>Loading a kiln for a glaze firing, with shelves and posts. <a href="/k/1">${call}</a></p></div>`);
      expect(out, call).toContain("with shelves and posts.");
      expect(out, call).not.toContain(call);
    }
    // The same words opening a longer link are its title, as "Weiterlesen" is not "Weiterlesen im Archiv der Töpferei".
    const archive = `<div><p>Loading a kiln for a glaze firing, with shelves and posts, as the potters of the village did. <a href="/a">Weiterlesen im Archiv der Töpferei</a></p></div>`;
    expect(cleaned(archive)).toContain("Weiterlesen im Archiv");
  });

  it("reads such words as a call to act only on a link or a button: a heading saying them titles a section", () => {
    const section = (title: string) =>
      `<div><h2>${title}</h2><p>Our studio runs evening classes for beginners and weekend workshops for potters who throw already, with kilns and clay included.</p></div>`;
    expect(cleaned(section("Learn more"))).toContain("Learn more");
    expect(cleaned(section(`<a href="/classes">Learn more</a>`))).not.toContain("Learn more");
  });

  it("drops controls on a list's items (a shop's, a count of comments), and the label a control left in a box of its own", () => {
    const item = (i: number, control: string) =>
      `<div class="tile"><img src="/m/${i}.jpg" alt=""><div class="overlay">${control}</div><h3>Mug ${i}</h3><p>Stoneware mug, wheel-thrown, $${20 + i}</p></div>`;
    const controls = [
      '<div role="button"><div>Add to wishlist</div></div>',
      '<quick-shop-opener class="quick-shop"><span>Quick Shop</span></quick-shop-opener>',
      "<h4>View Details</h4>",
      "<span>Show less</span>",
      '<a href="/rate/1">Rate this book</a>',
      "<div><span>Clear rating</span></div>",
      "<p>13 comments</p>",
    ];
    for (const control of controls) {
      const out = cleaned(`<div>${[1, 2, 3, 4].map((i) => item(i, control)).join("")}</div>`, "always");
      expect(out, control).toContain("Stoneware mug, wheel-thrown, $24");
      expect(out, control).not.toMatch(/wishlist|Quick Shop|View Details|Show less|Rate this|Clear rating|comments/);
    }
    // Bold words before a link in a sentence are the sentence's.
    const story = `<div><p>Kilns fire stoneware at over a thousand degrees, and the glaze melts into glass as it cools, slowly.</p><p><strong>Read more:</strong> <a href="/glazes">how glazes melt</a>, from our studio notes.</p></div>`;
    expect(cleaned(story)).toContain("Read more: how glazes melt");
  });

  it("drops a link that skips to a place on the page, not a link about skipping", () => {
    const out = cleaned(
      `<div><a href="#product-list">Skip to product list</a><p>Stoneware clay fires at cone six, and the glaze melts into glass.</p><p><a href="/guides/skip-bisque">Skip the bisque firing</a> if you glaze raw pots.</p></div>`,
    );
    expect(out).not.toContain("Skip to product list");
    expect(out).toContain("Skip the bisque firing");
    for (const skip of [
      "Zum Inhalt springen",
      "Aller au contenu",
      "Saltar al contenido",
      "Перейти к содержимому",
      "コンテンツへスキップ",
      "跳至内容",
      "본문 바로가기",
    ]) {
      const abroad = cleaned(`<div><a href="#main">${skip}</a><p>Stoneware clay fires at cone six, and the glaze melts into glass.</p></div>`);
      expect(abroad, skip).toContain("cone six");
      expect(abroad, skip).not.toContain(skip);
    }
  });
});

describe("clean: the page's furniture", () => {
  const STORY = `<p>Kilns fire stoneware at over a thousand degrees, and the glaze melts into glass as it cools, slowly.</p>`;

  /** Each line, set between two paragraphs of a story as `place` puts it, stays. */
  function expectKept(lines: readonly string[], place: (line: string) => string = (line) => `<p>${line}</p>`): void {
    for (const line of lines) expect(cleaned(`<div>${STORY}${place(line)}${STORY}</div>`), line).toContain(line);
  }

  /** Each label, set between two paragraphs of a story as `place` puts it, goes and the story stays. */
  function expectDropped(labels: readonly string[], place: (label: string) => string): void {
    for (const label of labels) {
      const out = cleaned(`<div>${STORY}${place(label)}${STORY}</div>`);
      expect(out, label).toContain("glaze melts");
      expect(out, label).not.toContain(label);
    }
  }

  it("drops a listing's count of what it shows, alone in its element, and keeps a sentence counting", () => {
    const item = (i: number) => `<div class="tile"><h3>Mug ${i}</h3><p>Stoneware mug, wheel-thrown, $${20 + i}</p></div>`;
    for (const count of ["Showing 24 of 514 results", "Showing 1–16 of 29 results", "84,295 matches", "22 products", "120 Ergebnisse"]) {
      const out = cleaned(`<div><p>${count}</p>${[1, 2, 3, 4].map(item).join("")}</div>`, "always");
      expect(out, count).toContain("Mug 4");
      expect(out, count).not.toContain(count);
    }
    const sentence = "We fired 22 products in the last kiln load, and all came out whole.";
    expect(cleaned(`<div><p>${sentence}</p>${[1, 2, 3, 4].map(item).join("")}</div>`, "always")).toContain(sentence);
  });

  it("drops a price said again in other currencies, and keeps a list of prices in one currency", () => {
    const product = `<h1>Hemp dress</h1><p>Three layers of flowy hemp with a side zip and a pocket on the right.</p><p>€132.34</p>`;
    const list = (items: readonly string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join("")}</ul>`;
    for (const items of [
      ["<b>AED</b>: <span>549.56AED</span>", "<b>GBP</b>: <span>$110.82</span>", "<b>USD</b>: <span>$149.64</span>"],
      ["AUD 15,100", "USD 9,970", "EUR 8,510"],
    ]) {
      const out = cleaned(`<div>${product}${list(items)}</div>`, "always");
      expect(out).toContain("side zip");
      expect(out).not.toContain("USD");
    }
    expect(cleaned(`<div>${product}${list(["USD 90.00", "USD 59.99", "USD 42.00"])}</div>`, "always")).toContain("USD 59.99");
  });

  it("drops a group of choices shown as pictures (a legend over swatches), and keeps choices that say something", () => {
    const swatch = (colour: string) =>
      `<label><input type="radio" class="sr-only"><a href="/p/desk-${colour}"><span class="sr-only">Option: desk, ${colour}</span><img src="/${colour}.jpg" alt=""></a></label>`;
    const card = (i: number, choices: string) => `<div class="card"><h3>Desk ${i}</h3><p>Birch veneer desk with a drawer, $${90 + i}</p>${choices}</div>`;
    const swatches = `<fieldset><legend>More options<span class="sr-only">Desk</span></legend>${swatch("black")}${swatch("white")}</fieldset>`;
    const out = cleaned(`<div>${[1, 2, 3, 4].map((i) => card(i, swatches)).join("")}</div>`, "always");
    expect(out).toContain("Desk 4");
    expect(out).not.toContain("More options");
    const sizes = `<fieldset><legend>Size</legend><label><input type="radio"> Small</label><label><input type="radio"> Large</label></fieldset>`;
    expect(cleaned(`<div>${[1, 2, 3, 4].map((i) => card(i, sizes)).join("")}</div>`, "always")).toContain("Large");
  });

  it("drops a story's reading time on a line of its own, and keeps it beside a card's date", () => {
    expectDropped(["5 min read", "Reading time: 3 minutes", "Lesezeit: 4 Minuten", "6 min de lecture"], (label) => `<p><span>${label}</span></p>`);
    const card = (i: number) => `<div class="card"><h3>Firing log ${i}</h3><div><span>${i}d ago</span> · <span>3 min read</span></div></div>`;
    expect(cleaned(`<div>${[1, 2, 3, 4].map(card).join("")}</div>`, "always")).toContain("4d ago · 3 min read");
  });

  it("drops a template's expression a script never filled in, and keeps one shown as code", () => {
    expectDropped(["{{ DiscussionBoard.errors[11793116].message }}"], (label) => `<div><span>${label}</span></div>`);
    expect(cleaned(`<div>${STORY}<p><code>{{ person }}</code></p></div>`)).toContain("{{ person }}");
  });

  it("drops a prompt to sign in, and keeps a step that signs in to another service", () => {
    expectDropped(
      ["Sign in to continue", "Log in to set a price alert on this product.", "Sign in or create your free account to comment, connect with other potters."],
      (label) => `<p>${label}</p>`,
    );
    expectDropped(["Sign in to your Kiln Club account"], (label) => `<a href="/login"><h2>${label}</h2></a>`);
    expectKept(["Log in to your Google Play Developer Console and click on Create Application."]);
    expectKept(["Sign in to comment on the firing schedule."], (step) => `<ol><li>${step}</li><li>Load the kiln.</li></ol>`);
    expectKept(["Sign in to your account"], (title) => `<h2>${title}</h2>`);
  });

  it("drops what a form says once sent, and keeps a sentence that sounds alike", () => {
    expectDropped(
      [
        "Thank you! Your submission has been received!",
        "Oops! Something went wrong while submitting the form.",
        "There was a problem calculating your shipping. Please try again.",
        "Sorry, we couldn't find a match for this location. Please try again.",
        "Thank you for subscribing to our daily newsletter.",
      ],
      (label) => `<div class="w-form-done"><div>${label}</div></div>`,
    );
    expectKept(["We couldn't agree more.", "Thanks for the tip about cone 6 glazes!"]);
  });

  it("drops a notice that the site sets cookies, and keeps a sentence about cookies", () => {
    const story = STORY.repeat(3);
    for (const notice of [
      "Kiln Club uses cookies to enhance site functionality, analyze traffic, and personalize ads. By using our site, you agree to our cookie use.",
      `This content isn't visible due to your cookie preferences. To load this content, click the Allow button below to opt in to "Social Media & Embedded Content" cookies. These cookies are set by the video's host and may track what you watch there.`,
    ]) {
      const out = cleaned(`<div>${story}<div><p>${notice}</p><button>Accept</button></div>${story}</div>`);
      expect(out, notice).toContain("glaze melts");
      expect(out, notice).not.toContain(notice.slice(0, 40));
    }
    expectKept(["Sites that use cookies to track visitors must ask them to opt in before the first cookie is set."]);
  });

  it("drops what a script shows until a part loads, and keeps a title about loading", () => {
    expectDropped(["Loading...", "Loading specifications…", "Loading prices for your region…", "Please wait…"], (label) => `<div><span>${label}</span></div>`);
    expect(cleaned(`<div>${STORY}<h2>Loading an image with XHR</h2>${STORY}</div>`)).toContain("Loading an image with XHR");
  });

  it("drops a picture's credit line printed in a plain block under it", () => {
    expectDropped(
      [
        "Photo: Shutterstock",
        "Image credit: © Depositphotos.com/AndrewLozovyi",
        "Image by AlexZel from Pixabay",
        "Credit: The Spruce Eats",
        "Courtesy of the artist",
        "Image source: Getty Images.",
        "Kathyn8 | Getty Images",
        "Getty Images / Holger Leue",
        "DGLimages via Getty Images",
        "Antonio Guillem/Getty Images",
        "Alamy",
        "Foto: dpa",
      ],
      (label) => `<div><img src="/kiln.jpg" alt="A kiln"><span>${label}</span></div>`,
    );
  });

  it("keeps lines that only name a picture or an agency in passing: fields, sentences, titles, links", () => {
    const kept = [
      // A field of a product's requirements.
      "Graphics: NVIDIA GeForce 8600/9600GT",
      // A feature named for the agency.
      "Supports Unsplash",
      // A sentence about a picture.
      "Photos taken at dawn show the kiln glowing red.",
      // A credit with the picture's address is kept whole: the address is the source a reader may want.
      "Photo David von Diemar on https://unsplash.com/de/fotos/lila",
    ];
    for (const line of kept) expect(cleaned(`<div>${STORY}<p>${line}</p></div>`), line).toContain(line);
    // A gallery's title that starts as a credit would, linked whole, in a list of the story's parts.
    const title = "Photos: the kiln at night";
    const list = `<ul><li>Glazes: ash and celadon, mixed by hand</li><li><a href="/kiln-photos">${title}</a></li><li>Cones: from 6 to 10, by the day</li></ul>`;
    expect(cleaned(`<div>${STORY}${list}</div>`)).toContain(title);
  });

  it("drops a live region's message, and keeps a callout marked as an alert", () => {
    const out = cleaned(
      `<div>${STORY}<div role="alert"><span>Unable to add item to List. Please try again.</span></div><p role="status">Added to cart</p><div role="alert"><p>Note: a kiln vents fumes; open a window while it fires.</p></div>${STORY}</div>`,
    );
    expect(out).toContain("glaze melts");
    expect(out).not.toContain("Unable to add item");
    expect(out).not.toContain("Added to cart");
    expect(out).toContain("Note: a kiln vents fumes");
  });
});

describe("clean: a table of contents", () => {
  // Entries long enough to read as cards, which a region keeps.
  const [WEDGE, CENTER, TRIM] = ["Wedging the clay before you throw", "Centering the clay on the wheel head", "Trimming the foot once leather-hard"];
  const section = (id: string, title: string) =>
    `<h2 id="${id}">${title}</h2><p>${title} takes a steady hand, a damp sponge, and patience while the clay firms up.</p>`;

  it("drops a list whose links all lead to places on the page, and keeps lists leading elsewhere", () => {
    const toc = (href: (id: string) => string) =>
      `<ul><li><a href="${href("wedge")}">${WEDGE}</a></li><li><a href="${href("center")}">${CENTER}</a></li><li><a href="${href("trim")}">${TRIM}</a></li></ul>`;
    const body = `${section("wedge", WEDGE)}${section("center", CENTER)}${section("trim", TRIM)}`;
    const guides = `<ul><li><a href="/guides/glazes#matte">Matte glazes</a></li><li><a href="/guides/kilns#electric">Electric kilns</a></li><li><a href="/guides/tools">Trimming tools</a></li></ul>`;
    for (const href of [(id: string) => `#${id}`, (id: string) => `https://example.com/throwing-a-bowl#${id}`]) {
      const out = cleaned(
        `<div><p>How to throw a bowl, from a lump of clay to a trimmed foot, in three steps.</p>${toc(href)}${body}<p>Once the bowl is trimmed, these guides take it further:</p>${guides}</div>`,
        "always",
      );
      expect(out.split(CENTER).length - 1).toBe(2);
      expect(out).toContain("Matte glazes");
      expect(out).toContain("Trimming tools");
    }
  });

  it("drops the table's title with it, and keeps a title over a list that stays (a manual's chapter of pages)", () => {
    const toc = `<ul><li><a href="#wedge">${WEDGE}</a></li><li><a href="#center">${CENTER}</a></li><li><a href="#trim">${TRIM}</a></li></ul>`;
    const body = `${section("wedge", WEDGE)}${section("center", CENTER)}${section("trim", TRIM)}`;
    for (const title of ["<h3>Table of Contents</h3>", "<p><strong>In this article</strong></p>", "<div>Inhaltsverzeichnis</div>"]) {
      const out = cleaned(`<div><p>How to throw a bowl, from a lump of clay to a trimmed foot, in three steps.</p>${title}${toc}${body}</div>`, "always");
      expect(out, title).toContain("takes a steady hand");
      expect(out, title).not.toMatch(/Table of Contents|In this article|Inhaltsverzeichnis/);
    }
    const chapter = `<div><h2>Chapter 11. Kilns</h2><p><strong>Table of Contents</strong></p><ul><li><a href="/kilns-electric">11.1. Electric kilns</a></li><li><a href="/kilns-gas">11.2. Gas kilns</a></li><li><a href="/kilns-wood">11.3. Wood kilns</a></li></ul></div>`;
    expect(cleaned(chapter, "always")).toContain("Table of Contents");
  });

  it("keeps a list of only two links to places on the page (a recipe's 'jump to' links): three make a table of contents", () => {
    const jump = (targets: string[]) => `<ul>${targets.map((t) => `<li><a href="#${t.toLowerCase()}">Jump to the ${t.toLowerCase()}</a></li>`).join("")}</ul>`;
    const recipe = (targets: string[]) =>
      cleaned(
        `<div><p>A loaf of sourdough needs a lively starter, strong flour, and a slow night in the fridge.</p>${jump(targets)}${targets.map((t) => `<h2 id="${t.toLowerCase()}">${t}</h2><p>The ${t.toLowerCase()} for the loaf, step by step, with the weights in grams.</p>`).join("")}</div>`,
        "always",
      );
    expect(recipe(["Ingredients", "Method"])).toContain("Jump to the method");
    expect(recipe(["Ingredients", "Method", "Baking"])).not.toContain("Jump to the method");
  });
});

describe("clean: relative times", () => {
  it("drops a card's time said relative to when the page was served, where the region is the content, not in a story", () => {
    const card = (i: number) =>
      `<div class="card"><h3><a href="/s/${i}">Kiln firing schedules for stoneware, part ${i}</a></h3><span class="age">${i} hours ago</span></div>`;
    const grid = `<div class="grid">${[1, 2, 3].map(card).join("")}</div>`;
    const root = () => elementChildren(documentBody(parseHtml(`<html><body><div>${grid}</div></body></html>`))!)[0]!;
    const region = root();
    clean(region, { keepCards: "always", discussion: false });
    expect(plainText([region])).toContain("part 3");
    expect(plainText([region])).not.toContain("hours ago");
    const story = root();
    clean(story, { keepCards: "dominant", discussion: false });
    expect(plainText([story])).toContain("2 hours ago");
  });

  it("reads such times in other languages", () => {
    const ages = [
      "il y a 3 heures",
      "vor 2 Tagen",
      "hace una hora",
      "há 5 dias",
      "un'ora fa",
      "3 uur geleden",
      "5 часов назад",
      "3時間前",
      "2天前",
      "5시간 전",
    ];
    const cards = ages.map(
      (age, i) => `<div class="card"><h3><a href="/s/${i}">Kiln firing schedules for stoneware, part ${i}</a></h3><span class="age">${age}</span></div>`,
    );
    const region = elementChildren(documentBody(parseHtml(`<html><body><div><div class="grid">${cards.join("")}</div></div></body></html>`))!)[0]!;
    clean(region, { keepCards: "always", discussion: false });
    const out = plainText([region]);
    expect(out).toContain("part 9");
    for (const age of ages) expect(out, age).not.toContain(age);
  });
});

describe("clean: cards in a story", () => {
  const prose = ["how a kiln is loaded", "why cones bend", "what a witness cone tells"]
    .map((t) => `<p>This part of the guide explains ${t}, with a comma, and another, so that it reads as prose.</p>`)
    .join("");
  const picks = (n: number) =>
    `<div class="picks">${Array.from({ length: n }, (_, i) => `<div class="pick"><a href="/kilns/${i}">Kiln number ${i}: a front loader for stoneware</a></div>`).join("")}</div>`;

  it("keeps the cards a story is told in when they hold a third of it, and drops a few linked cards beside a long story", () => {
    const told = cleaned(`<div class="guide">${prose}${picks(4)}</div>`);
    expect(told).toContain("Kiln number 3");
    const beside = cleaned(`<div class="guide">${prose}${prose}${prose}${picks(3)}</div>`);
    expect(beside).toContain("why cones bend");
    expect(beside).not.toContain("Kiln number 2");
  });
});

describe("clean: lists of links", () => {
  const links = (names: readonly string[]) => `<ul>${names.map((n) => `<li><a href="/course/${n.length}">${n}</a></li>`).join("")}</ul>`;
  const prose = "<p>The Open University offers hundreds of free courses with certificates of completion, and sometimes badges, across every subject.</p>";

  it("keeps a list whose items say something beside their links, and drops a list of links alone", () => {
    const annotated = `<ul>${["Park Hyatt", "St Regis", "Six Senses"].map((h, i) => `<li>Official website of the chain: <a href="/h/${i}">${h}</a></li>`).join("")}</ul>`;
    const bare = `<ul>${["Deck projects", "Table hacks", "Our ten best posts"].map((t, i) => `<li><a href="/p/${i}">${t}</a></li>`).join("")}</ul>`;
    // Enough prose that the list is no run of cards the story is told in (which stays whatever its links).
    // Half links: a label, then the name it labels.
    const labelled = `<ul>${["Park Hyatt New York", "St Regis Bangkok", "Six Senses Douro"].map((h, i) => `<li>Official website: <a href="/f/${i}">${h}</a></li>`).join("")}</ul>`;
    const out = cleaned(`<div>${prose.repeat(6)}${annotated}${labelled}${bare}</div>`);
    expect(out).toContain("Official website of the chain: Six Senses");
    expect(out).toContain("Official website: Six Senses Douro");
    expect(out).not.toContain("Table hacks");
  });

  it("keeps a list of links a sentence introduces, and drops one under a label", () => {
    const out = cleaned(
      `<div>${prose}<p>Here are some of the courses you can take on OpenLearn:</p>${links(["Everyday English", "Getting started on Latin", "Microbes: friend or foe?"])}<p>You might also like:</p>${links(["Our ten best posts", "Deck projects", "Table hacks"])}</div>`,
    );
    expect(out).toContain("Getting started on Latin");
    expect(out).not.toContain("Deck projects");
  });

  it("keeps a list of links under a heading naming the story's references or sources; under another heading it goes", () => {
    const sources = ["Kiln firing schedules | Ceramic Arts Network", "Cone charts | Orton Foundation", "Glaze chemistry | Digitalfire"];
    const list = (heading: string) => cleaned(`<div>${prose.repeat(3)}<h2>${heading}</h2>${links(sources)}</div>`);
    for (const heading of ["References", "References & Sources", "Sources", "Works cited"]) expect(list(heading), heading).toContain("Cone charts | Orton");
    expect(list("Popular posts")).not.toContain("Cone charts");
  });

  it("keeps a ranking whose entries open with their rank, however short and linked; a menu unnumbered, or numbered out of order, goes", () => {
    const tools = ["Kiln Log", "GlazeCalc", "Clay Base", "Throwbook", "Fireline", "Potter's Wheel"];
    const entry = (rank: string, name: string, score: string) =>
      `<div class="row"><div>${rank}</div><div><a href="/tools/${name.length}">${name}</a></div><span>${score}</span></div>`;
    const ranking = (ranks: readonly string[]) =>
      `<div class="table"><div class="row"><div>Tool</div><div>Score</div></div>${tools.map((t, i) => entry(ranks[i]!, t, `${9 - i / 10}`)).join("")}</div>`;
    const page = (list: string) => cleaned(`<div>${prose}${list}</div>`, "always");
    expect(page(ranking(tools.map((_, i) => `${i + 51}.`)))).toContain("Throwbook");
    expect(page(ranking(tools.map((_, i) => `#${i + 1}`)))).toContain("Potter's Wheel");
    expect(page(ranking(["1.", "2.", "3.", "5.", "4.", "6."]))).not.toContain("Throwbook");
    expect(page(ranking(tools.map(() => "")))).not.toContain("Throwbook");
  });

  it("reads a sentence in Chinese, written without spaces and ending in a full-width colon, as introducing its list", () => {
    const out = cleaned(
      `<div>${prose}<p>以下是你可以在开放大学免费学习的几门课程：</p>${links(["日常英语", "拉丁语入门", "微生物：朋友还是敌人？"])}<p>相关链接：</p>${links(["十篇最佳文章", "甲板项目", "桌子改造"])}</div>`,
    );
    expect(out).toContain("拉丁语入门");
    expect(out).not.toContain("甲板项目");
  });
});

describe("clean: a shop's badges", () => {
  it("drops a badge alone in its element over an item, not the word in a sentence or another label", () => {
    const card = (name: string, badge: string) =>
      `<div class="tile"><span class="badge">${badge}</span><h3><a href="/p/${name.length}">${name}</a></h3><p>Thrown stoneware, glazed in oatmeal white.</p></div>`;
    const out = cleaned(
      `<div><div class="grid">${card("Speckled mug", "Best seller")}${card("Noodle bowl", "Top rated")}${card("Tea bowl", "Sold out")}</div><p>Our best seller is the speckled mug, on sale until Friday.</p></div>`,
      "always",
    );
    expect(out).not.toContain("Best seller");
    expect(out).not.toContain("Top rated");
    expect(out).toContain("Sold out");
    expect(out).toContain("Our best seller is the speckled mug, on sale until Friday.");
    // A badge over a product's photo goes alone: the box holding both keeps the photo.
    const photo = (i: number) =>
      `<div class="tile"><div class="media"><img src="/m/${i}.jpg" alt="Mug ${i}"><span>Best seller</span></div><h3>Mug ${i}</h3><p>Thrown stoneware, glazed in oatmeal white.</p></div>`;
    const root = elementChildren(documentBody(parseHtml(`<html><body><div>${[1, 2, 3].map(photo).join("")}</div></body></html>`))!)[0]!;
    clean(root, { keepCards: "always", discussion: false });
    expect(descendants(root).filter((el) => el.name === "img")).toHaveLength(3);
    expect(plainText([root])).not.toContain("Best seller");
    // A review's badge is the shop's, not the buyer's words.
    const review = (who: string) =>
      `<div class="entry"><b>${who}</b><span>Verified Purchase</span><p>The glaze is even and the handle sits well in the hand, ${who} says.</p></div>`;
    const reviews = cleaned(`<div><div class="list">${["Ada", "Ben", "Cy"].map(review).join("")}</div></div>`, "always");
    expect(reviews).not.toContain("Verified Purchase");
    expect(reviews).toContain("sits well in the hand, Cy says");
  });
});

describe("clean: headings", () => {
  it("keeps a linked heading that titles prose of the page's own, and drops a linked heading that titles nothing", () => {
    const brand = (n: number) =>
      `<h3><a href="https://brand${n}.example.com/">${n}. Brand ${n}</a></h3><p>Brand ${n} runs hotels in cities across five continents, with service that regular guests say is worth the price.</p>`;
    const out = cleaned(
      `<div>${[3, 2, 1].map(brand).join("")}<h4><a href="/next">Our next guide: the best ryokans</a></h4><p><a href="/next">Read the guide</a></p></div>`,
    );
    expect(out).toContain("3. Brand 3\n");
    expect(out).toContain("1. Brand 1\n");
    expect(out).not.toContain("best ryokans");
  });

  it("reads a heading by its links and what follows it, not by its classes (a scroll-margin utility, an id of its words)", () => {
    const prose = `<p>Every project starts from a workspace, which holds the state of what the configuration manages and where it lives.</p>`;
    const out = cleaned(
      `<div><h2 class="group scroll-mt-24">Initialize your workspace</h2>${prose}<h2 id="social-sharing-settings">Social sharing settings</h2>${prose}</div>`,
    );
    expect(out).toContain("Initialize your workspace\n");
    expect(out).toContain("Social sharing settings\n");
  });

  it("keeps a linked heading whose prose follows a figure or a rating line, and a heading linked to its own anchor", () => {
    const prose = `<p>The shop's own review: it holds an edge through a season of daily use and sharpens in minutes on a fine stone.</p>`;
    const pick = (n: number) =>
      `<h2><a href="https://shop.example.com/p/${n}">Chisel ${n}</a></h2><figure><img src="/c${n}.jpg" alt=""></figure><p>4.5 of 5</p>${prose}`;
    const out = cleaned(`<div>${[1, 2].map(pick).join("")}</div>`);
    expect(out).toContain("Chisel 1\n");
    expect(out).toContain("Chisel 2\n");
    const sections = `<div><h2 id="the-good"><a href="#the-good">The good</a></h2><h3 id="speed"><a href="#speed">Speed</a></h3>${prose}<h2 id="the-bad"><a href="/zig#the-bad">The bad</a></h2>${prose}</div>`;
    const read = cleaned(sections);
    expect(read).toContain("The good\n");
    expect(read).toContain("The bad\n");
    // A link to another page's anchor is no permalink, and a teaser with no prose after it still goes.
    expect(cleaned(`<div>${prose.repeat(3)}<h3><a href="/other#top">Our next guide</a></h3><p><a href="/other">Read it</a></p></div>`)).not.toContain(
      "Our next guide",
    );
  });
});

describe("clean: a list's entries set as linked headings", () => {
  const section = `<h3>Long nose pliers</h3><p>Long nose pliers bend wires and reach into tight spaces behind a panel, where a lineman's pliers will not fit.</p><h4>Top expert recommendations:</h4>`;
  const picks = (href: (n: number) => string) =>
    `<ul>${[1, 2].map((n) => `<li><h2><a href="${href(n)}">Forged Long Nose Pliers No. ${n}</a></h2></li>`).join("")}</ul>`;
  const story = (list: string) => {
    const root = elementChildren(documentBody(parseHtml(`<html><body><div>${section}${list}</div></body></html>`))!)[0]!;
    clean(root, { keepCards: "dominant", discussion: false, pageUrl: "https://www.tools.example.com/blog/electrician-tools/" });
    return plainText([root]);
  };

  it("keeps entries linked to other sites (a story's picks, linked to their shops)", () => {
    expect(story(picks((n) => `https://shop.example.org/pliers-${n}`))).toContain("Pliers No. 2");
  });

  it("drops entries linked within the site (its teasers), or to no address at all", () => {
    expect(story(picks((n) => `https://tools.example.com/blog/pliers-${n}/`))).not.toContain("Pliers No. 2");
    expect(story(picks((n) => `/blog/pliers-${n}/`))).not.toContain("Pliers No. 2");
    expect(story(picks(() => "javascript:void(0)"))).not.toContain("Pliers No. 2");
  });
});

describe("clean: where the whole region is the content", () => {
  const intro = `<p>Our studio builds shops, booking systems and apps for small firms, and looks after them for years after launch, for a fixed fee a month.</p>`;

  it("keeps a grid's image tiles, which in a story are a gallery that goes", () => {
    const logos = `<div class="clients">${["Harbour Bakery", "Fenwick Tools", "Marsh Cycles"].map((n, i) => `<img src="/l${i}.png" alt=""><span>${n}</span>`).join("")}</div>`;
    expect(cleaned(`<div>${intro}${logos}</div>`, "always")).toContain("Fenwick Tools");
    expect(cleaned(`<div>${intro}${logos}</div>`)).not.toContain("Fenwick Tools");
  });

  it("reads a block named like chrome (media, meta) on its links and shape, where in a story the name alone condemns it", () => {
    const section = `<div class="media-block"><h3>Support</h3><span>Every plan includes a named engineer</span></div>`;
    expect(cleaned(`<div>${intro}${section}</div>`, "always")).toContain("named engineer");
    expect(cleaned(`<div>${intro}${section}</div>`)).not.toContain("named engineer");
    // Its links still condemn it.
    const links = `<div class="media-block"><a href="/a">Press</a> <a href="/b">Careers</a> <a href="/c">Partners</a></div>`;
    expect(cleaned(`<div>${intro}${links}</div>`, "always")).not.toContain("Careers");
  });
});

describe("clean: paragraphs of links", () => {
  it("keeps a sentence that links most of its words, and drops a paragraph that is all links", () => {
    const story = ["clay", "glaze", "kilns"]
      .map((t) => `<p>Potters argue about ${t} more than anything else, and every studio has its own rules for it.</p>`)
      .join("");
    const sources = `<p>See <a href="/a">the potters' guild guide to glazes</a>, <a href="/b">a kiln maker's firing charts</a> and <a href="/c">a museum's glaze recipes</a> for more on each one.</p>`;
    const tags = `<p><a href="/t/clay">Clay</a> <a href="/t/glaze">Glaze</a> <a href="/t/kilns">Kilns</a> <a href="/t/studio">Studio life</a></p>`;
    const out = cleaned(`<div>${story}${sources}${tags}</div>`);
    expect(out).toContain("a kiln maker's firing charts");
    expect(out).not.toContain("Studio life");
  });
});

describe("clean: a documentation's callouts", () => {
  it("keeps a callout that is mostly a link, and still drops a box of links", () => {
    const story = ["the cache", "the keyring", "the mirrors"]
      .map((t) => `<p>Pacman keeps ${t} under /var, and the manual explains how to clean it without breaking upgrades.</p>`)
      .join("");
    const tip = `<div class="template-box"><strong>Tip:</strong> <a href="/wiki/paccache">run paccache from a hook after every transaction</a></div>`;
    const box = `<div class="box"><a href="/wiki/a">Mirrors</a> <a href="/wiki/b">Keyring</a> <a href="/wiki/c">Hooks</a></div>`;
    const out = cleaned(`<div>${story}${tip}${box}</div>`);
    expect(out).toContain("run paccache from a hook");
    expect(out).not.toContain("Keyring");
  });
});

describe("clean: captions", () => {
  it("keeps a caption numbered for the text to point at, and drops a photo's caption", () => {
    const story = ["opens the file", "reads its lines", "closes it again"]
      .map((t) => `<p>Listing 9-3 ${t}, and the match below handles every error the call can return to its caller.</p>`)
      .join("");
    const figure = (caption: string, cls = "") =>
      `<figure><pre><code>let f = File::open("hello.txt");</code></pre><figcaption${cls}>${caption}</figcaption></figure>`;
    const out = cleaned(
      `<div>${story}${figure("Listing 9-3: Opening a file")}${figure("Figure 4-2. The variable s2 copies the pointer", ' class="image-caption"')}${figure("The kiln at dawn, photographed by the author")}</div>`,
    );
    expect(out).toContain("Listing 9-3: Opening a file");
    expect(out).toContain("Figure 4-2. The variable s2");
    expect(out).not.toContain("The kiln at dawn");
  });
});

describe("clean: containers judged on their measures", () => {
  // Long enough that no block beside it holds 40 % of the text.
  const story = ["wedging", "centering", "pulling the walls", "trimming the foot", "glazing", "firing"]
    .map((t) => `<p>The class spends a whole evening on ${t}, and the teacher shows each step twice before anyone tries it.</p>`)
    .join("");

  it("keeps a block named as a widget when it holds prose, and drops a short one that is not prose", () => {
    const aside = `<div class="widget"><p>Our studio opened in 2009 in an old print works by the canal, and it has run evening classes for beginners, weekend workshops for potters who throw already, and open sessions for members every Sunday.</p></div>`;
    const hours = `<div class="widget">Open Tuesday to Sunday, ten until six. <a href="/visit">Visit us</a></div>`;
    const out = cleaned(`<div>${story}${aside}${hours}</div>`);
    expect(out).toContain("in an old print works by the canal");
    expect(out).not.toContain("Open Tuesday to Sunday");
  });

  it("keeps a block of links that runs as a list in a sentence, with ten commas or more, and drops the same links set apart by dots", () => {
    const glazes = ["Celadon", "Tenmoku", "Shino", "Oribe", "Ash", "Chun", "Copper red", "Nuka", "Ame", "Kaki", "Crawl white"];
    const linked = (sep: string, path: string) => glazes.map((g, i) => `<a href="${path}/${i}">${g}</a>`).join(sep);
    const sentence = `<div>The glazes tested in the spring firing were ${linked(", ", "/glazes")}, all on the same stoneware body.</div>`;
    const dotted = `<div>Other glazes on the wiki: ${linked(" · ", "/wiki")}</div>`;
    const out = cleaned(`<div>${story}${sentence}${dotted}</div>`);
    expect(out).toContain("Copper red, Nuka, Ame");
    expect(out).not.toContain("Other glazes on the wiki");
  });

  it("drops a short block of two images or more with fewer paragraphs than half of them, and keeps photos each told by a paragraph", () => {
    const photos = `<div><img src="/p/1.jpg"><img src="/p/2.jpg"><img src="/p/3.jpg"><span>Photos from the open studio day in May</span></div>`;
    const told = `<div><img src="/p/4.jpg"><p>A mug fresh from the kiln.</p><img src="/p/5.jpg"><p>The same mug, glazed.</p></div>`;
    const out = cleaned(`<div>${story}${photos}${told}</div>`);
    expect(out).not.toContain("open studio day");
    expect(out).toContain("The same mug, glazed.");
  });

  it("drops a block with more fields than a third of its paragraphs, and keeps one field among three paragraphs", () => {
    const signup = `<div><label>Email me when the next kiln-building workshop opens</label><input type="email" name="email"><input type="submit" value="Send"></div>`;
    const quiz = `<div><p>Which cone is hotter, 06 or 6? Cone 6, by about two hundred degrees.</p><p>What does a witness cone show? The heat work the ware received.</p><p>Which clay shrinks most? Porcelain, by up to fifteen percent.</p><input type="checkbox" name="done"></div>`;
    const out = cleaned(`<div>${story}${signup}${quiz}</div>`);
    expect(out).not.toContain("kiln-building workshop");
    expect(out).toContain("Porcelain, by up to fifteen percent.");
  });

  it("keeps a block holding half of the text or more whatever its links, and drops the same block beside a longer story", () => {
    // A board's thread: crumbs over two posts without commas and jump links under them, a quarter links.
    const thread = `<div class="thread"><p><a href="/f/kilns">Kilns</a> › <a href="/f/kilns/electric">Electric kilns</a> › <a href="/t/88">Breaker trips at cone six</a></p><p>My kiln trips the breaker every time it nears cone six. The electrician says the wiring is fine.</p><p>Check the elements first. Worn ones draw more current as they age and the relay runs hot.</p><p>Jump to: <a href="/f/glazes">Glazes</a> <a href="/f/wheels">Wheels</a> <a href="/f/studios">Studios</a></p></div>`;
    const alone = cleaned(`<div>${thread}<p>Filed under kilns.</p></div>`);
    expect(alone).toContain("Worn ones draw more current");
    const beside = cleaned(`<div>${story}${thread}</div>`);
    expect(beside).toContain("pulling the walls");
    expect(beside).not.toContain("Worn ones draw more current");
  });

  it("drops a short block of more list items than paragraphs when over a fifth of it is links, even one named as the post's, and keeps one with fewer links though a field sits in it", () => {
    // The field alone would drop a block (more fields than a third of its paragraphs).
    const listed = (cls: string, items: readonly string[], field = "") =>
      `<div class="${cls}">${field}<ul>${items.map((i) => `<li>${i}</li>`).join("")}</ul></div>`;
    const recipe = listed(
      "recipe",
      ["Custer feldspar: 45 parts", "Silica: 25 parts", "Whiting: 20 parts", "EPK kaolin: 10 parts"],
      `<label>Batch in grams <input type="number" name="batch" value="100"></label>`,
    );
    const tools = listed(
      "post-tools",
      ["A banding wheel to turn the pot", "A wide hake brush for the glaze", "Long tongs for dipping"].map(
        (t, i) => `${t}: <a href="/shop/${i}">the one we use</a>`,
      ),
    );
    const out = cleaned(`<div>${story}${recipe}${tools}</div>`);
    expect(out).toContain("Whiting: 20 parts");
    expect(out).not.toContain("A wide hake brush");
  });

  it("drops a tiny block (under 25 characters) without an image or with more than two, and keeps one with one or two images", () => {
    const label = `<div>Share this page:</div>`;
    const strip = `<div><img src="/t/1.jpg"><img src="/t/2.jpg"><img src="/t/3.jpg"><p>Older</p><p>Newer</p></div>`;
    const photo = `<div><img src="/p/kiln.jpg"><span>Our first kiln in 2009</span></div>`;
    const pair = `<div><img src="/p/before.jpg"><img src="/p/after.jpg"><p>Before and after glazing</p></div>`;
    const out = cleaned(`<div>${story}${label}${strip}${photo}${pair}</div>`);
    expect(out).not.toContain("Share this page");
    expect(out).not.toContain("Newer");
    expect(out).toContain("Our first kiln in 2009");
    expect(out).toContain("Before and after glazing");
  });

  it("keeps a note of prose that links a phrase and ends as a sentence, and drops it unfinished, mostly links or on a thread", () => {
    const note = (end: string) =>
      `<div class="zone"><p>Starting with version 4 of the kiln controller, each program must be saved to <a href="/docs/profiles">a firing profile of its own kiln</a>${end}</p></div>`;
    expect(cleaned(`<div>${story}${note(".")}</div>`)).toContain("each program must be saved");
    expect(cleaned(`<div>${story}${note("")}</div>`)).not.toContain("each program must be saved");
    const linked = `<div class="zone"><p>See <a href="/docs/profiles">the firing profiles of every kiln we sell</a>.</p></div>`;
    expect(cleaned(`<div>${story}${linked}</div>`)).not.toContain("firing profiles of every kiln");
    const root = elementChildren(documentBody(parseHtml(`<html><body><div>${story}${note(".")}</div></body></html>`))!)[0]!;
    clean(root, { keepCards: "dominant", discussion: true });
    expect(plainText([root])).not.toContain("each program must be saved");
  });

  it("keeps a code block's short lines and a tiny block holding a command, where a tiny label goes", () => {
    const highlighted = `<pre><code><div class="token-line">cd my-studio</div><div class="token-line">npx kiln start</div></code></pre>`;
    const command = `<div><code>kiln fire --cone 6</code></div>`;
    const out = cleaned(`<div>${story}${highlighted}${command}<div>Share this page:</div></div>`);
    expect(out).toContain("cd my-studio");
    expect(out).toContain("npx kiln start");
    expect(out).toContain("kiln fire --cone 6");
    expect(out).not.toContain("Share this page");
  });

  it("lets a block named as content (entry, post) hold up to half links, not more, where another goes over a fifth", () => {
    const note = (cls: string, text: string) => `<div class="${cls}">${text}</div>`;
    const guild = `<a href="/guild">the potters' guild handbook</a>`;
    const cited = `The glaze recipe comes from ${guild} and was tested in our kiln.`;
    const sources = `Sources: ${guild} and <a href="/charts">a kiln maker's firing charts</a> online.`;
    const out = cleaned(`<div>${story}${note("entry-note", cited)}${note("entry-sources", sources)}</div>`);
    expect(out).toContain("tested in our kiln");
    expect(out).not.toContain("firing charts");
    expect(cleaned(`<div>${story}${note("note", cited)}</div>`)).not.toContain("tested in our kiln");
  });
});

describe("clean: tables", () => {
  // Long enough that no table below holds a third of the text, which would make its rows the story's cards.
  const story = ["clay bodies", "glaze recipes", "kiln loading", "firing schedules", "cooling", "unloading", "sanding shelves", "keeping a log"]
    .map((t) => `<p>This chapter covers ${t}, with notes from the studio's logbook, and the mistakes we made along the way.</p>`)
    .join("");
  const glazes = [
    ["Celadon", "cone 10"],
    ["Tenmoku", "cone 10"],
    ["Shino", "cone 10"],
    ["Oribe", "cone 6"],
  ];
  /** A table of glazes and the cone each fires at, under a header row, each glaze's name linked to its recipe. */
  const glazeTable = (attrs = "") =>
    `<table${attrs}><tr><th>Glaze</th><th>Fired at</th></tr>${glazes.map(([name, cone], i) => `<tr><td><a href="/glazes/${i}">${name}</a></td><td>${cone}</td></tr>`).join("")}</table>`;

  it("keeps a table of data whose first column links its rows' names, and drops a table of data that is mostly links", () => {
    const topics = ["Glaze chemistry", "Kiln repair", "Clay suppliers", "Studio safety", "Wood firing", "Salt firing"];
    const row = (start: number) =>
      `<tr>${topics
        .slice(start, start + 3)
        .map((t, i) => `<td><a href="/topics/${start + i}">${t}</a></td>`)
        .join("")}</tr>`;
    const grid = `<table><tr><th colspan="3">More from the studio</th></tr>${row(0)}${row(3)}</table>`;
    const out = cleaned(`<div>${story}${glazeTable()}${grid}</div>`);
    expect(out).toContain("Tenmoku");
    expect(out).not.toContain("Studio safety");
  });

  it("reads a table marked role=presentation, or nesting another table, as layout: its links go where a table of data keeps them", () => {
    const presentation = cleaned(`<div>${story}${glazeTable(' role="presentation"')}</div>`);
    expect(presentation).toContain("kiln loading");
    expect(presentation).not.toContain("Tenmoku");
    const nesting = cleaned(
      `<div>${story}<table><tr><th>Glazes</th><th>Notes</th></tr><tr><td>${glazeTable()}</td><td>Fired in the spring</td></tr></table></div>`,
    );
    expect(nesting).toContain("kiln loading");
    expect(nesting).not.toContain("Tenmoku");
  });
});

describe("clean: a store's fields printed by its template", () => {
  it("drops fields named as code names them, with their values; fields named for readers stay", () => {
    const story = ["a regular fit", "combed cotton", "double needle hems"]
      .map((what) => `<p>The staple tee comes with ${what}, cut and sewn to last through years of washing.</p>`)
      .join("");
    const fields = `<dl><dt>Fabric:</dt><dd>Mid weight, 100% combed cotton</dd><dt>retail_price_tier1:</dt><dd>$20.00_1–9 items</dd><dt>tab_Details</dt><dd>TRUE</dd><dd>yes</dd><dt>tab_Shipping and Returns:</dt><dd>FALSE</dd><dt>shipping_chunk-1:</dt><dd>We ship nationwide the same day.</dd><dt>Care:</dt><dd>Machine wash cold</dd><dt>Pre-shrunk:</dt><dd>Yes</dd></dl>`;
    const out = cleaned(`<div>${story}${fields}</div>`);
    expect(out).toContain("Mid weight, 100% combed cotton");
    expect(out).toContain("Machine wash cold");
    expect(out).toContain("Pre-shrunk:");
    for (const gone of ["retail_price_tier1", "$20.00_1–9", "tab_Details", "TRUE", "yes", "tab_Shipping", "FALSE", "shipping_chunk", "nationwide"])
      expect(out).not.toContain(gone);
  });
});
