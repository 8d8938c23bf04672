// A picture's credit line ("Photo: Shutterstock", "Image by AlexZel from Pixabay", "Kathyn8 | Getty
// Images", "Credit: The Spruce Eats"): who made or sold the picture, said under it. It belongs to the
// picture, as its caption does, not to the text a reader came for; captions named so and `<figcaption>`s
// go already (clean.ts), these are the credits printed in a plain block.
import { linkDensity, type TextStats } from "./text-stats";

/** A block's label (furniture.ts labelOf) that credits a picture, and nothing else. */
export function isPictureCredit(label: string, chars: number, measures: TextStats | undefined): boolean {
  // A line that is all one link is a title ("Photos: Europa, Mysterious Icy Moon of Jupiter" in a list of stories).
  if (chars > CREDIT_CHARS || linkDensity(measures) > TITLE_LINK_DENSITY) return false;
  return CREDITED.test(label) || (AGENCY_LINE.test(label) && !label.includes("://") && label.split(" ").length <= AGENCY_LINE_WORDS);
}

/** A credit is a line; a block of more is prose that may name a picture's source in passing. */
const CREDIT_CHARS = 120;
const TITLE_LINK_DENSITY = 0.9;

/**
 * Said as a credit: "Photo:", "Image credit:", "Image source:", "Photo by", "Image via", "Credit:",
 * "Courtesy of" (and "Foto:", "Bild:", "Crédit photo :"), followed by the name.
 */
const CREDITED =
  /^(?:(?:(?:header|featured|top|lead|cover|main|hero) )?(?:photos?|images?|pictures?|photographs?|illustrations?|foto|bild|photo ?credit)(?: (?:credits?|source|courtesy))? ?(?::|\bby\b|\bvia\b|\bcourtesy\b|©)|credits?:|courtesy of\b|photographed by\b|crédit(?: photo)? ?:)\s*\S/i;

/**
 * A line naming a stock agency the way credits do: the agency alone ("Getty Images"), or after or before a
 * photographer with a slash, a bar, "via", "from" or © ("Gatsi/Getty Images", "Getty Images / Holger
 * Leue", "DGLimages via Getty Images", "© iStock"). A sentence naming an agency ("Supports Unsplash") is not.
 */
const AGENCIES = String.raw`getty ?images|shutterstock(?:\.com)?|istock(?:photo)?(?:\.com)?|adobe ?stock|alamy(?: stock photo)?|unsplash|pexels|pixabay|depositphotos(?:\.com)?|dreamstime(?:\.com)?|thinkstock|123rf|bigstock(?:photo)?|stocksy|ap photo|afp`;
const AGENCY_LINE = new RegExp(String.raw`^(?:(?:${AGENCIES})\.?$|(?:${AGENCIES})\s*(?:/|\||©)|.*(?:/|\||\bvia\b|\bfrom\b|©)\s*(?:${AGENCIES})\b)`, "i");
const AGENCY_LINE_WORDS = 12;
