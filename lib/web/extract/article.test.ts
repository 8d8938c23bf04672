import { describe, expect, it } from "vitest";
import { pickArticle } from "./article";
import { documentBody, parseHtml } from "./dom";
import { extractMainContent } from "./main-content";
import { plainText } from "./plain-text";
import { measure } from "./text-stats";

const text = (html: string) => extractMainContent(parseHtml(html)).text;

/** The article picked from the page's body, as its text. */
function picked(body: string): string {
  const root = documentBody(parseHtml(`<html><body>${body}</body></html>`))!;
  return plainText(pickArticle(root, measure(root)));
}

describe("article: divs of inline text", () => {
  // An old club site: the story is one short line of text per <div> (under 100 characters), no <p>; beside it, a
  // box with a paragraph about the club's opening hours.
  const lines = [
    "The mill on Weir Lane was built in 1820, of local stone, by the Harker family.",
    "It ground corn for the village, and later cattle feed, for over a hundred years.",
    "In 1931 a flood, the worst on record, broke the wheel and half of the sluice.",
    "The wheel was rebuilt in oak, by hand, and turned again within a year.",
    "After the war, with cheaper flour from the ports, the mill fell quiet.",
    "Our volunteers, since 2004, have restored the stones, the hoist, and the bins.",
  ];
  const box = `<div class="col-right"><p>The club room is open on Tuesdays and Thursdays from seven, and on the first Saturday of the month from ten until four, with tea.</p></div>`;

  it("picks a story written as divs of inline text, with no <p>, over a shorter block of one paragraph", () => {
    const story = `<div class="col-left"><div><b>A short history of the mill</b></div>${lines.map((l) => `<div>${l}</div>`).join("")}</div>`;
    const out = text(`<html><body><div class="wrap">${story}${box}</div></body></html>`);
    expect(out).toContain("built in 1820, of local stone");
    expect(out).toContain("restored the stones, the hoist, and the bins");
    expect(out).not.toContain("The club room is open");
  });

  it("scores no other element of inline text as a paragraph: a list of short lines beside the story stays out of it", () => {
    const story = `<div class="col-left">${lines.map((l) => `<p>${l}</p>`).join("")}</div>`;
    const days = ["Sat 4 May", "Sun 5 May", "Sat 1 June", "Sun 2 June", "Sat 6 July", "Sun 7 July", "Sat 3 Aug", "Sun 4 Aug"]
      .map((d) => `<li>${d}, 10:00, tours, free</li>`)
      .join("");
    const out = text(`<html><body><div class="wrap">${story}<div class="col-right"><ul>${days}</ul></div></div></body></html>`);
    expect(out).toContain("built in 1820, of local stone");
    expect(out).not.toContain("Sat 4 May");
  });

  it("scores a div's own Japanese text between its blocks by its weight, not its few characters, over a paragraph in English", () => {
    const japanese = `<div class="col-left"><div class="entry">東京都は水曜日、若い家族向けの新しい住宅計画を発表した。<br>空き公共施設の改修や、初めて家を買う人への低金利融資が含まれる。<div class="photo"><img src="/a.jpg"></div>知事は、高齢化と住宅価格の上昇が若者の結婚を遅らせていると述べた。</div></div>`;
    const out = picked(`${japanese}${box}`);
    expect(out).toContain("知事は、高齢化と住宅価格の上昇");
    expect(out).not.toContain("club room");
  });
});

describe("article: a story split into parts", () => {
  // A page builder's layout: each part of the story sits in its own column, four wrappers deep.
  const part = (inner: string) => `<div class="col"><div class="module"><div class="wrap"><div class="inner">${inner}</div></div></div></div>`;
  const copy = (topic: string) =>
    `<div class="copy">${["the walls", "the roof", "the floors"].map((what) => `<p>We stripped ${what} of the ${topic} back to brick, dried them out over a winter, and only then began to build again.</p>`).join("")}</div>`;

  it("takes the common ancestor of the parts that score alike, so every part is kept", () => {
    const image = part(`<figure><img src="/barn.jpg" alt=""><figcaption>The barn in March</figcaption></figure>`);
    const out = picked(`<div class="row">${part(copy("barn"))}${image}${part(copy("stable"))}${part(copy("dairy"))}</div>`);
    for (const topic of ["barn", "stable", "dairy"]) expect(out).toContain(`the floors of the ${topic} back to brick`);
    expect(out).toContain("The barn in March");
  });

  it("takes a sibling that goes on with the story in paragraphs nested too deep to score alike, and leaves a short note or a list of links", () => {
    const paragraphs = (topic: string, n: number) =>
      Array.from(
        { length: n },
        (_, i) => `<p>Part ${i} on ${topic}: we measured it twice, wrote it down, and checked it against the plan before moving on.</p>`,
      ).join("");
    const body = `<div class="field-body">${paragraphs("the foundations", 12)}</div>`;
    const more = `<div class="field-sections"><section><div class="section-text"><div class="text">${paragraphs("the roof", 4)}</div></div></section></div>`;
    const note = `<div class="note"><p>Thanks to the crew.</p><p>Photos by the owners.</p></div>`;
    const links = `<div class="more">${Array.from({ length: 6 }, (_, i) => `<p><a href="/p/${i}">Another renovation story worth reading, number ${i}, in our archive</a></p>`).join("")}</div>`;
    const out = picked(`<div class="post">${body}${more}${note}${links}</div>`);
    expect(out).toContain("Part 11 on the foundations");
    expect(out).toContain("Part 3 on the roof");
    expect(out).not.toContain("Thanks to the crew");
    expect(out).not.toContain("Another renovation story");
  });
});

describe("article: other stories beside it", () => {
  it("does not grow to take in teasers in <article>s of their own, however close their scores", () => {
    const story = `<article><h1>Restoring the barn</h1>${["the walls", "the roof", "the floors", "the doors"].map((what) => `<p>We stripped ${what} of the barn back to brick, dried them out over a winter, and only then began to build again.</p>`).join("")}</article>`;
    const teaser = (place: string, i: number) =>
      `<article class="teaser"><h3><a href="/stories/${i}">The ${place}</a></h3><p>The ${place}, with its slate, its beams, its lime, its old tiles, its iron, its glass, and its stone, took us two summers to save, and here is how we went about it, step by step.</p></article>`;
    const more = `<div class="more"><h2>From the same farm</h2><div class="list">${["granary", "forge"].map(teaser).join("")}</div></div>`;
    const out = picked(`<div class="stories">${story}${more}</div>`);
    expect(out).toContain("the doors of the barn back to brick");
    expect(out).not.toContain("took us two summers");
  });
});
