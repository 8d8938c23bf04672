import { describe, expect, it } from "vitest";
import { descendants, parseHtml, rawText } from "./dom";
import { extractMainContent } from "./main-content";
import { removeLinesRepeatedInCards } from "./repeats";
import { measure } from "./text-stats";

const text = (html: string) => extractMainContent(parseHtml(html)).text;
const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;
const sentence = (topic: string) => `This paragraph about ${topic} is long enough to read as prose, with a comma, and another one, for the scorer to count it.`;
const productHead = `<head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Stoneware mug","offers":{"@type":"Offer","price":"18"}}</script></head>`;

describe("main content: a section shown twice", () => {
  it("keeps one copy of a description written once for phones and once for desktops", () => {
    const description = `<p>${sentence("the stoneware mug")}</p><p>${sentence("its matte glaze")}</p>`;
    const out = text(
      `<html>${productHead}<body><main><h1>Stoneware mug</h1><div class="description mobile-only">${description}</div><div class="gallery"><img src="/m.jpg"></div><div class="description desktop-only">${description}</div><p>${sentence("care and washing")}</p></main></body></html>`,
    );
    expect(count(out, "about the stoneware mug")).toBe(1);
    expect(count(out, "about its matte glaze")).toBe(1);
    expect(out).toContain("about care and washing");
  });

  it("keeps one copy of a section a page builder wraps in inline elements, once per layout", () => {
    // Page builders set their rich text in a <span> around the blocks; the copy for phones names its
    // heading differently and breaks its lines elsewhere.
    const copy = (heading: string, gap: string) =>
      `<div class="builder-block"><span class="builder-text"><${heading}>Made to last</${heading}><p>${sentence("the steel case").replace(" is ", gap)}</p><p>${sentence("the mineral crystal").replace(" is ", gap)}</p></span></div>`;
    const out = text(
      `<html>${productHead}<body><main><h1>Field watch</h1><p>${sentence("the field watch")}</p>${copy("h4", " is ")}<div class="gallery"><img src="/w.jpg"></div>${copy("h6", "<br>is ")}</main></body></html>`,
    );
    expect(count(out, "about the steel case")).toBe(1);
    expect(count(out, "about the mineral crystal")).toBe(1);
    expect(out).toContain("about the field watch");
  });

  it("drops a quote of a post already shown above it in a thread", () => {
    const head = `<head><script type="application/ld+json">{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"Kiln temperatures"}</script></head>`;
    const first = `<div class="post"><span class="author">Ada</span><p>${sentence("firing stoneware at cone six")}</p></div>`;
    const reply = `<div class="post"><span class="author">Ben</span><blockquote><p>${sentence("firing stoneware at cone six")}</p></blockquote><p>${sentence("my electric kiln")}</p></div>`;
    const third = `<div class="post"><span class="author">Cy</span><p>${sentence("witness cones")}</p></div>`;
    const out = text(`<html>${head}<body><main>${first}${reply}${third}</main></body></html>`);
    expect(count(out, "about firing stoneware at cone six")).toBe(1);
    expect(out).toContain("about my electric kiln");
    expect(out).toContain("about witness cones");
  });

  it("drops a quote of a post already shown when quotes nest around it (a reply quoting a quote)", () => {
    const head = `<head><script type="application/ld+json">{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"Kiln temperatures"}</script></head>`;
    const first = `<div class="post"><span class="author">Ada</span><p>${sentence("firing stoneware at cone six")}</p></div>`;
    const reply = `<div class="post"><span class="author">Ben</span><blockquote><blockquote><p>${sentence("firing stoneware at cone six")}</p></blockquote></blockquote><p>${sentence("my electric kiln")}</p></div>`;
    const third = `<div class="post"><span class="author">Cy</span><p>${sentence("witness cones")}</p></div>`;
    const out = text(`<html>${head}<body><main>${first}${reply}${third}</main></body></html>`);
    expect(count(out, "about firing stoneware at cone six")).toBe(1);
    expect(out).toContain("about my electric kiln");
  });

  it("drops a thread's quote of one line of a longer post, and keeps the line elsewhere than on a thread", () => {
    const head = `<head><script type="application/ld+json">{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"Kiln temperatures"}</script></head>`;
    const quoted = "Main question: which kiln shelf paint holds at cone six without flaking off";
    const first = `<div class="post"><span class="author">Ada</span><p>${sentence("my studio")}<br>${quoted}<br>Thanks for any advice.</p></div>`;
    const reply = `<div class="post"><span class="author">Ben</span><blockquote><div class="citation">Ada said:</div><p>${quoted}</p></blockquote><p>${sentence("kiln wash")}</p></div>`;
    const third = `<div class="post"><span class="author">Cy</span><p>${sentence("shelves")}</p><pre>cone 6 = 1222 C, holding for ten minutes at the top\ncone 6 = 1222 C, holding for ten minutes at the top</pre></div>`;
    const thread = `<main>${first}${reply}${third}</main>`;
    const out = text(`<html>${head}<body>${thread}</body></html>`);
    expect(count(out, quoted)).toBe(1);
    expect(out).toContain("Ada said:");
    expect(out).toContain("about kiln wash");
    // Code repeats its lines on purpose.
    expect(count(out, "holding for ten minutes at the top")).toBe(2);
    // A story that says a line twice (a pull quote) keeps both.
    const story = `<html><body><article><h1>Kilns</h1><p>${sentence("kilns")}<br>${quoted}</p><p>${sentence("glazes")}</p><blockquote>${quoted}</blockquote><p>${sentence("shelves")}</p></article></body></html>`;
    expect(count(text(story), quoted)).toBe(2);
  });

  it("drops a thread's quote of one line in Chinese, as long as an English one though shorter in characters", () => {
    const head = `<head><script type="application/ld+json">{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"窑炉温度"}</script></head>`;
    const quoted = "主要问题：哪种窑板涂料在六号测温锥下不会剥落？";
    const first = `<div class="post"><span class="author">Ada</span><p>${sentence("my studio")}<br>${quoted}<br>谢谢大家的建议。</p></div>`;
    const reply = `<div class="post"><span class="author">Ben</span><blockquote><p>${quoted}</p></blockquote><p>${sentence("kiln wash")}</p></div>`;
    const out = text(
      `<html>${head}<body><main>${first}${reply}<div class="post"><span class="author">Cy</span><p>${sentence("shelves")}</p></div></main></body></html>`,
    );
    expect(count(out, quoted)).toBe(1);
    expect(out).toContain("about kiln wash");
  });

  it("drops a thread's furniture: a short line on three posts or more, a post's number, an avatar's initial, a count of likes; the posts' dates stay", () => {
    const head = `<head><script type="application/ld+json">{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"Kiln temperatures"}</script></head>`;
    const post = (n: number, who: string, topic: string) =>
      `<div class="post"><div class="avatar">${who[0]}</div><span class="author">${who}</span><div class="meta">Mar 27, 2025</div><div class="number">#${n}</div><p>${sentence(topic)}</p><div class="reactions">${n} like${n > 1 ? "s" : ""}</div><div class="actions">Reply With Quote</div></div>`;
    const withThanks = `<div class="post"><span class="author">Di</span><p>Thanks!</p></div>`;
    const thread = `<main>${post(1, "Ada", "my studio")}${post(2, "Ben", "kiln wash")}${post(3, "Cy", "witness cones")}${withThanks}${withThanks.replace("Di", "Ed")}</main>`;
    const out = text(`<html>${head}<body>${thread}</body></html>`);
    expect(out).not.toContain("Reply With Quote");
    expect(out).not.toMatch(/^#\d$/m);
    expect(out).not.toMatch(/^[ABC]$/m);
    // Each post's count of reactions differs, and is furniture all the same.
    expect(out).not.toMatch(/^\d likes?$/m);
    expect(count(out, "Mar 27, 2025")).toBe(3);
    // Said twice, a short line is two replies, not furniture.
    expect(count(out, "Thanks!")).toBe(2);
    for (const topic of ["my studio", "kiln wash", "witness cones"]) expect(out).toContain(`about ${topic}`);
    for (const who of ["Ada", "Ben", "Cy"]) expect(out).toContain(who);
    // Elsewhere than on a thread, a line said three times stays.
    const story = `<html><body><article><h1>Kilns</h1>${[1, 2, 3].map((n) => `<h2>Step ${n}</h2><p>${sentence(`step ${n}`)}</p><p>Wear gloves.</p>`).join("")}</article></body></html>`;
    expect(count(text(story), "Wear gloves.")).toBe(3);
  });
  it("drops what a board says of a post's author and its edits, on a thread only", () => {
    const head = `<head><script type="application/ld+json">{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"Kiln temperatures"}</script></head>`;
    const post = (who: string, facts: string, topic: string) =>
      `<div class="post"><span class="author">${who}</span><dl class="userinfo">${facts}</dl><p>${sentence(topic)}</p></div>`;
    const thread = `<main>${post("Ada", "<dd>Posts: 1,234</dd><dd>Joined: Feb 2019</dd>", "my studio")}${post("Ben", "<dd>Reaction score: 56</dd>", "kiln wash")}<div class="post"><span class="author">Cy</span><div>4,931 posts</div><p>${sentence("witness cones")}</p><div class="edited">Last edited: Jul 3, 2024</div><div>Edited June 5 by Cy</div></div></main>`;
    const out = text(`<html>${head}<body>${thread}</body></html>`);
    for (const fact of ["Posts:", "Joined:", "Reaction score", "edited", "Edited", "4,931 posts"]) expect(out).not.toContain(fact);
    for (const topic of ["my studio", "kiln wash", "witness cones"]) expect(out).toContain(`about ${topic}`);
    const story = `<html><body><article><h1>Kilns</h1><p>${sentence("kilns")}</p><p>Edited June 5 by the studio team</p></article></body></html>`;
    expect(text(story)).toContain("Edited June 5 by the studio team");
  });

  it("drops the line a phone's app signs a post with (Sent from my iPhone, Von meinem iPhone gesendet), not a sentence that says so", () => {
    const head = `<head><script type="application/ld+json">{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"Kiln temperatures"}</script></head>`;
    const post = (who: string, topic: string, signed: string) =>
      `<div class="post"><span class="author">${who}</span><div>${sentence(topic)}<br><br>${signed}</div></div>`;
    const thread = `<main>${post("Ada", "my studio", 'Sent from my SM-S908U using <a href="https://tapatalk.com/">Tapatalk</a>')}${post("Ben", "kiln wash", "Von meinem iPhone gesendet")}${post("Cy", "witness cones", "Sent from my phone while waiting at the kiln, so excuse the typos in this long reply.")}</main>`;
    const out = text(`<html>${head}<body>${thread}</body></html>`);
    for (const gone of ["SM-S908U", "Tapatalk", "gesendet"]) expect(out).not.toContain(gone);
    for (const topic of ["my studio", "kiln wash", "witness cones"]) expect(out).toContain(`about ${topic}`);
    expect(out).toContain("Sent from my phone while waiting at the kiln");
  });

  it("keeps what every card of a grid repeats: each plan's features are its own", () => {
    const features = `<ul><li>Unlimited projects and members</li><li>Priority support from our team within a day</li><li>Exports to every format we support</li></ul><p>Billed yearly, cancel at any time from your account settings.</p>`;
    const plan = (name: string, price: string) => `<div class="plan"><h3>${name}</h3><span>${price}</span>${features}</div>`;
    const out = text(
      `<html><body><main><h1>Pricing</h1><div class="plans">${plan("Team", "$12")}${plan("Business", "$24")}${plan("Enterprise", "$48")}</div></main></body></html>`,
    );
    expect(count(out, "Priority support from our team within a day")).toBe(3);
  });

  it("drops a card of a grid that is an earlier card again (a carousel's cloned slides)", () => {
    const slide = (who: string) => `<div class="slide"><p>${sentence(`what ${who} says of the service`)}</p><p>${who}, customer since 2019</p></div>`;
    const people = ["Ada", "Ben", "Cy"];
    // A carousel clones its last and first slides around the real ones, so that it can loop.
    const track = `<div class="track">${slide("Cy")}${people.map(slide).join("")}${slide("Ada")}</div>`;
    const out = text(`<html><body><main><h1>Reviews</h1>${track}<p>${sentence("our guarantee")}</p></main></body></html>`);
    for (const who of people) expect(count(out, `about what ${who} says of the service`)).toBe(1);
  });

  it("keeps repeated code and entries of a reference", () => {
    const code = `<pre><code>const client = createClient({ token: process.env.TOKEN });\nawait client.messages.send({ to, body });\n</code></pre>`;
    const param = `<li><code>metadata</code> object: a set of key-value pairs you can attach to an object, useful for storing more about it.</li>`;
    const out = text(
      `<html><body><main><h1>Messages</h1><h2>Send</h2><p>${sentence("sending")}</p>${code}<ul>${param}</ul><h2>Update</h2><p>${sentence("updating")}</p>${code}<ul>${param}</ul></main></body></html>`,
    );
    expect(count(out, "await client.messages.send")).toBe(2);
    expect(count(out, "a set of key-value pairs")).toBe(2);
  });
});

describe("main content: a section repeated where repeating is by design", () => {
  // The second step is a sentence of 100+ characters: said again outside a panel it would go on its own (removeSentencesSaidAgain).
  const steps =
    "<p>Download the installer for your system from the releases page.</p><p>Add the folder it unpacks to your PATH, then open a new shell so that the command is found wherever you run it.</p>";
  /** An install guide whose steps are shown twice, once per system, each copy in a block opened by `open`. */
  const guide = (open: string) =>
    text(
      `<html><body><main><h1>Install the CLI</h1><p>${sentence("the command line tool")}</p><h2>macOS</h2>${open}${steps}</div><h2>Linux</h2>${open}${steps}</div><p>${sentence("signing in")}</p></main></body></html>`,
    );

  it("keeps both copies of a section in tab panels, where the same section twice elsewhere is shown once", () => {
    expect(count(guide(`<div role="tabpanel">`), "then open a new shell")).toBe(2);
    expect(count(guide("<div>"), "then open a new shell")).toBe(1);
  });

  it("keeps both copies of a code sample whose lines are blocks, where the same lines twice outside code are shown once", () => {
    /** A page showing one configuration twice, once per environment, in `tag` with a block per line. */
    const config = (tag: string) => {
      const lines = `<${tag}><div>server: listen on port 8080 and serve the files under ./public</div><div>cache: keep compiled templates in memory between requests</div></${tag}>`;
      return text(
        `<html><body><main><h1>Configuration</h1><h2>Development</h2><p>${sentence("development")}</p>${lines}<h2>Production</h2><p>${sentence("production")}</p>${lines}</main></body></html>`,
      );
    };
    expect(count(config("pre"), "keep compiled templates in memory")).toBe(2);
    expect(count(config("div"), "keep compiled templates in memory")).toBe(1);
  });
});

describe("main content: a template's data printed as text", () => {
  it("drops a field whose value is an image's address, with its name", () => {
    const fields = `<dl><dt>Fit:</dt><dd>Regular fit, mid weight cotton</dd><dt>thumb_sand:</dt><dd>https://cdn.example.com/images/160x160/5001_SAND_THUMB.jpg</dd></dl>`;
    const out = text(`<html>${productHead}<body><main><h1>Stoneware mug</h1><p>${sentence("the mug")}</p>${fields}</main></body></html>`);
    expect(out).toContain("Regular fit, mid weight cotton");
    expect(out).not.toContain("SAND_THUMB");
    expect(out).not.toContain("thumb_sand");
  });

  it("drops a video's address printed alone in a block", () => {
    const out = text(
      `<html><body><main><h1>Pet stories</h1><p>${sentence("the dogs")}</p><div>https://cdn.example.com/videos/hannah-and-daisy.mp4</div><p>${sentence("the cats")}</p></main></body></html>`,
    );
    expect(out).toContain("about the cats");
    expect(out).not.toContain("hannah-and-daisy");
  });
});

describe("main content: a card that says a line twice", () => {
  const listing = (cards: string) => `<html><body><main><h1>Upcoming workshops</h1><ul class="events">${cards}</ul></main></body></html>`;
  const card = (title: string, date: string) =>
    `<li class="event"><a class="cover" href="/e/${title.length}"><span class="overlay">${title}</span></a><h3><a href="/e/${title.length}">${title}</a></h3><p>${date}</p><p class="when">${date}</p><p>Free</p></li>`;

  it("keeps one saying of a card's title and date, and what cards share stays in each", () => {
    const out = text(
      listing(
        [
          card("Glazing for beginners", "Tue, Mar 17, 11:00 AM"),
          card("Throwing large bowls", "Sat, Apr 11, 10:00 AM"),
          card("Kiln loading", "Wed, Mar 25, 2:00 PM"),
        ].join(""),
      ),
    );
    expect(count(out, "Glazing for beginners")).toBe(1);
    expect(count(out, "Throwing large bowls")).toBe(1);
    expect(count(out, "Sat, Apr 11, 10:00 AM")).toBe(1);
    expect(count(out, "Free")).toBe(3);
  });

  it("keeps lines a table's rows repeat, and code", () => {
    const row = (plan: string) => `<tr><td>${plan} plan for studios</td><td>Yes</td><td>Yes</td><td>Yes</td></tr>`;
    const code = (n: number) =>
      `<div class="sample"><h3>Sample ${n} of the glaze recipe</h3><pre>mix 40 g\nmix 40 g</pre><p>Mixed by weight, sieved twice</p></div>`;
    const events = [card("Glazing for beginners", "Tue, Mar 17"), card("Throwing large bowls", "Sat, Apr 11"), card("Kiln loading", "Wed, Mar 25")].join("");
    const out = text(listing(`${events}</ul><table><tbody>${row("Basic")}${row("Studio")}${row("Team")}</tbody></table><ul>${code(1)}${code(2)}${code(3)}`));
    expect(count(out, "Glazing for beginners")).toBe(1);
    expect(count(out, "Yes")).toBe(9);
    expect(count(out, "mix 40 g")).toBe(6);
  });

  it("reads a block holding a grid of its own as a section, not a card", () => {
    const plan = (name: string) => `<div class="plan"><h3>${name} plan</h3><p>Unlimited kiln bookings</p><p>Glaze lab access</p></div>`;
    const row = (term: string) => `<div class="row">${["Basic", "Studio", "Team"].map((name) => plan(`${name} ${term}`)).join("")}</div>`;
    const doc = parseHtml(`<div class="rows">${row("monthly")}${row("yearly")}${row("for schools")}</div>`);
    const rows = descendants(doc).find((el) => el.attribs.class === "rows")!;
    removeLinesRepeatedInCards([rows], measure(rows));
    expect(count(rawText(rows), "Unlimited kiln bookings")).toBe(9);
  });
});

describe("main content: a line said again on a page of items", () => {
  const blurb = "Speckled stoneware, thrown by hand and glazed in oatmeal white, holds twelve ounces.";

  it("keeps a product's first saying of a line, not its second rendering", () => {
    const out = text(
      `<html>${productHead}<body><main><div class="sticky-bar"><p>Stoneware mug, speckled glaze</p><p>${blurb}</p></div><h1>Stoneware mug</h1><p>Stoneware mug, speckled glaze</p><div class="details"><p>${sentence("the stoneware mug")}</p><p>${sentence("its matte glaze")}</p></div><div class="mobile"><p>${blurb}</p></div></main></body></html>`,
    );
    expect(count(out, "Stoneware mug, speckled glaze")).toBe(1);
    expect(count(out, blurb)).toBe(1);
    expect(out).toContain("about its matte glaze");
  });

  it("reads a line as said again whatever its case, punctuation and spacing; another word makes it another line", () => {
    const out = text(
      `<html>${productHead}<body><main><h1>Stoneware mug</h1><p>Stoneware mug, speckled glaze</p><p>${sentence("the stoneware mug")}</p><div class="mobile"><p>STONEWARE   mug — speckled glaze!</p><p>Stoneware mug, speckled blue glaze</p></div></main></body></html>`,
    );
    expect(out).not.toContain("STONEWARE");
    expect(count(out, "speckled blue glaze")).toBe(1);
  });

  it("reads any script's words: lines sharing only a number are other lines, the same words in another case one line", () => {
    const head = `<head><script type="application/ld+json">{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"Чайники"}</script></head>`;
    const posts = ["Мне 25 лет, и я пью чай каждый день.", "Мне тоже 25, пью только улун.", "Я купил 25 чайников за год!"]
      .map((said, i) => `<div class="post"><span class="author">user${i}</span><p>${said}</p></div>`)
      .join("");
    const thread = text(`<html>${head}<body><main>${posts}</main></body></html>`);
    for (const said of ["Мне 25 лет", "Мне тоже 25", "Я купил 25 чайников"]) expect(thread).toContain(said);
    const specs = ["容量：2升", "保修：2年", "重量：2公斤"].map((field) => `<p>${field}</p>`).join("");
    const teapot = text(
      `<html>${productHead}<body><main><h1>紫砂茶壶</h1><p>这把紫砂茶壶由宜兴的老师傅手工制作，壶身圆润，出水流畅，适合冲泡乌龙茶和普洱茶。</p>${specs}<div class="mobile"><p>ЗАВАРОЧНЫЙ чайник!</p></div><p>Заварочный чайник</p></main></body></html>`,
    );
    for (const field of ["容量：2升", "保修：2年", "重量：2公斤"]) expect(teapot).toContain(field);
    expect(count(teapot.toLowerCase(), "заварочный чайник")).toBe(1);
  });

  it("keeps the fields cards of one grid share, and drops each card's controls after the first", () => {
    const card = (title: string) =>
      `<li class="offer"><h3><a href="/p/${title.length}">${title}</a></h3><p>Cushioning</p><p>Free delivery over forty pounds</p><a href="/compare/${title.length}">Compare this tool</a></li>`;
    const out = text(
      `<html><body><main><h1>Throwing tools</h1><ul class="offers">${["Wooden rib, long", "Trimming loop set of three", "Sponge on a stick"].map(card).join("")}</ul></main></body></html>`,
    );
    expect(count(out, "Cushioning")).toBe(3);
    expect(count(out, "Free delivery over forty pounds")).toBe(3);
    expect(count(out, "Compare this tool")).toBe(1);
  });

  it("keeps a story's refrain each time it is said, and a long sentence once", () => {
    const refrain = "Wedge the clay again, and then once more.";
    const story = sentence("air pockets");
    const out = text(
      `<html><body><article><h1>Wedging</h1><p>${story}</p><p>${refrain}</p><p>${sentence("spiral wedging")}</p><p>${refrain}</p><p>${sentence("rams head wedging")}</p><div class="mobile"><p>${story}</p></div></article></body></html>`,
    );
    expect(count(out, refrain)).toBe(2);
    expect(count(out, story)).toBe(1);
  });
});
