import type { Element } from "domhandler";
import { describe, expect, it } from "vitest";
import { findFirst, parseHtml } from "./dom";
import { ownTextOf } from "./region";
import { oneOfManySections } from "./sections";
import { measure } from "./text-stats";

const sentence = (topic: string) => `This paragraph about ${topic} is long enough to read as prose, with a comma, and another one, for the scorer.`;
const paragraphs = (topic: string, n: number) => Array.from({ length: n }, (_, i) => `<p>${sentence(`${topic} ${i}`)}</p>`).join("");

/** Whether the elements with the ids given (by default "picked"), taken as the article, read as one section of the page. */
function judge(body: string, ids: readonly string[] = ["picked"]): boolean {
  const doc = parseHtml(`<html><body>${body}</body></html>`);
  const region = findFirst(doc, (el) => el.name === "body")!;
  const stats = measure(region);
  const picked = ids.map((id) => findFirst(doc, (el) => el.attribs.id === id) as Element);
  return oneOfManySections(
    picked,
    picked.reduce((n, el) => n + ownTextOf(el, stats), 0),
    stats,
    region,
  );
}

describe("sectioned pages", () => {
  it("reads the longest of a page builder's sections as one section when the others hold half as much text", () => {
    const section = (topic: string, n: number, id = "") =>
      `<div class="builder-section builder-section-${n}"${id ? ` id="${id}"` : ""}>${paragraphs(topic, n)}</div>`;
    expect(judge(`${section("consulting", 4, "picked")}${section("integration", 2)}${section("training", 1)}`)).toBe(true);
  });

  it("reads an article of two sibling blocks as one section when the run's other blocks hold half as much text", () => {
    const card = (topic: string, n: number, id = "") => `<div class="card"${id ? ` id="${id}"` : ""}>${paragraphs(topic, n)}</div>`;
    const picked = ["picked", "picked-too"];
    expect(judge(`${card("pricing", 4, "picked")}${card("plans", 2, "picked-too")}${card("support", 2)}${card("training", 2)}`, picked)).toBe(true);
    // The article's own blocks are not the other sections: two more of little text do not make a run.
    expect(judge(`${card("pricing", 4, "picked")}${card("plans", 4, "picked-too")}${card("support", 1)}`, picked)).toBe(false);
  });

  it("climbs: the picked block's own ancestor may be the section", () => {
    const section = (inner: string) => `<section class="row">${inner}</section>`;
    expect(
      judge(
        `${section(`<div class="col" id="picked">${paragraphs("consulting", 4)}</div>`)}${section(paragraphs("training", 2))}${section(paragraphs("support", 2))}`,
      ),
    ).toBe(true);
  });

  it("does not read a story beside short blocks of its shape, or beside fewer than two others, as a section", () => {
    const block = (inner: string, id = "") => `<div class="block"${id ? ` id="${id}"` : ""}>${inner}</div>`;
    expect(judge(`${block(paragraphs("the harbour", 8), "picked")}${block("<p>Sign up for our letters.</p>")}${block("<p>Share this.</p>")}`)).toBe(false);
    expect(judge(`${block(paragraphs("the harbour", 2), "picked")}${block(paragraphs("the bridge", 4))}`)).toBe(false);
  });

  it("reads the story as one of four or more sections of prose, each of its own make and under its own heading", () => {
    const hero = `<div class="hero"><h1>Free site checker</h1><p>${sentence("checking a site")}</p></div>`;
    const features = `<div class="features" id="picked"><h2>What it checks</h2>${paragraphs("the checks", 8)}</div>`;
    const pricing = `<section class="pricing"><h2>Plans</h2><p>${sentence("the plans")}</p></section>`;
    const questions = `<div class="faq"><h2>Questions</h2><h3>What does it cost?</h3><p>${sentence("the price")}</p></div>`;
    expect(judge(`${hero}${features}${pricing}${questions}`)).toBe(true);
    // Three are not enough; nor are blocks without a heading (an author's note, a share bar), or lists of links.
    expect(judge(`${hero}${features}${questions}`)).toBe(false);
    const note = `<div class="note"><p>${sentence("the author")}</p></div>`;
    expect(judge(`${note}${features}${note.replace("note", "aside")}${note.replace("note", "bio")}`)).toBe(false);
    const links = (name: string) =>
      `<div class="${name}"><h3>Related</h3>${Array.from({ length: 4 }, (_, i) => `<a href="/${name}/${i}">${sentence(`${name} ${i}`)}</a>`).join("")}</div>`;
    expect(judge(`${links("popular")}${features}${links("latest")}${links("more")}`)).toBe(false);
  });
});
