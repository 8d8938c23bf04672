import { describe, expect, it } from "vitest";
import { clean } from "./clean";
import { documentBody, elementChildren, parseHtml } from "./dom";
import { plainText } from "./plain-text";

/** The body's first element cleaned as a story's part, as its text. */
function cleaned(html: string): string {
  const root = elementChildren(documentBody(parseHtml(`<html><body>${html}</body></html>`))!)[0]!;
  clean(root, { keepCards: "dominant", discussion: false });
  return plainText([root]);
}

const STORY = ["clay", "stoneware", "porcelain"]
  .map((what) => `<p>Kilns fire ${what} at over a thousand degrees, and the glaze melts into glass as it cools.</p>`)
  .join("");

describe("picture credits", () => {
  it("drops a picture's credit line printed in a plain block under it", () => {
    const credits = [
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
    ];
    for (const credit of credits) {
      const out = cleaned(`<div>${STORY}<div><img src="/kiln.jpg" alt="A kiln"><span>${credit}</span></div><p>The firing takes a day.</p></div>`);
      expect(out, credit).not.toContain(credit);
      expect(out, credit).toContain("The firing takes a day.");
    }
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
});
