import { describe, expect, it } from "vitest";
import { parseHtml } from "./dom";
import { extractMainContent } from "./main-content";

const text = (html: string) => extractMainContent(parseHtml(html)).text;

describe("region: the page's main", () => {
  // A bakery's menu: cards that are mostly links, inside one wrapper with a strip of news above them.
  const card = (name: string, i: number) => `<li class="card"><a href="/menu/${i}"><h3>${name}</h3></a><span>$${4 + i}.50</span></li>`;
  const cards = [
    "Sourdough loaf, risen overnight",
    "Rye with caraway and black treacle",
    "Cinnamon bun with cardamom sugar",
    "Almond croissant, baked twice",
    "Seeded spelt loaf with sunflower",
    "Lemon tart with a butter crust",
  ]
    .map(card)
    .join("");
  const strip = `<div class="strip"><p>We bake from four in the morning, and on Sundays the shop opens at eight, not seven, until spring comes.</p></div>`;
  const page = (main: (inner: string) => string) =>
    `<html><body><div class="wrapper">${strip}${main(`<h1>Our bread and pastries</h1><ul class="grid">${cards}</ul>`)}</div></body></html>`;

  it("reads the <main> of a listing, not the text beside it in the wrapper around both", () => {
    const out = text(page((inner) => `<main>${inner}</main>`));
    expect(out).toContain("Almond croissant");
    expect(out).toContain("Lemon tart");
    expect(out).not.toContain("We bake from four in the morning");
  });

  it('reads a block with role="main" as the page\'s main', () => {
    const out = text(page((inner) => `<div role="main">${inner}</div>`));
    expect(out).toContain("Lemon tart");
    expect(out).not.toContain("We bake from four in the morning");
  });
});
