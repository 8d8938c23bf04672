// Sections that point away from the page: "Customers also bought", "You may also like", "Related
// articles", "Recently viewed". Their heading says so in words, whatever the markup calls them, and
// the cards under it are other pages' content.
import { type AnyNode, type Element, isTag } from "domhandler";
import { HEADING_TAGS } from "./blocks";
import { collapseWhitespace, descendants, rawText, removeNodes } from "./dom";

/**
 * The same headings as sites in other languages write them: related and similar articles or products,
 * "you may also like", "read also", "customers also bought" (French, German, Spanish, Italian,
 * Portuguese, Dutch, Russian, Japanese, Chinese, Korean). Phrases only: a word such as "Популярное"
 * ("popular") may head a section of the page's own.
 */
const IN_OTHER_LANGUAGES = [
  "(?:articles|produits|sujets) (?:similaires|liés|associés)",
  "(?:à |a )?lire aussi",
  "vous (?:aimerez|pourriez) (?:peut-être )?(?:aussi|également)",
  "sur le même (?:sujet|thème)",
  "les clients ont (?:aussi|également) acheté",
  "(?:ähnliche|verwandte|empfohlene|weitere) (?:artikel|produkte|beiträge|themen)",
  "das könnte (?:sie|dich) auch interessieren",
  "lesen sie auch",
  "mehr zum thema",
  "kunden (?:kauften|kaufen) auch",
  "(?:artículos|productos|noticias|entradas) (?:relacionad[oa]s|similares)",
  "(?:también )?te (?:puede|podría) interesar",
  "(?:lee|leer) también",
  "(?:articoli|prodotti|notizie) (?:correlat[ie]|simili)",
  "(?:ti )?potrebbe (?:anche )?interessarti",
  "leggi anche",
  "(?:artigos|produtos|notícias|posts) (?:relacionad[oa]s|semelhantes)",
  "leia também",
  "você (?:também )?(?:pode|poderá) (?:gostar|se interessar)",
  "gerelateerde (?:artikelen|producten|berichten)",
  "lees ook",
  "(?:похожие|связанные|рекомендуемые) (?:статьи|материалы|товары|новости|записи)",
  "читайте также",
  "вам (?:может|могут) (?:также )?понравиться",
  "с этим товаром (?:также )?покупают",
  "関連(?:記事|商品|する記事|ニュース)",
  "(?:こちらも)?おすすめ(?:の)?(?:記事|商品)",
  "あわせて読みたい",
  "この商品を(?:買った|見た)人は",
  "相[关關](?:文章|阅读|閱讀|推荐|推薦|产品|產品|新闻|新聞)",
  "(?:推荐|推薦|延伸)(?:阅读|閱讀|文章)",
  "猜你喜[欢歡]",
  String.raw`관련\s?(?:기사|글|상품|뉴스)`,
  String.raw`(?:추천|인기)\s?(?:기사|글|상품)`,
  "함께 보면 좋은",
];

/** How such a heading starts (compared case-insensitively). */
const POINTING_AWAY = new RegExp(
  `^(?:${[
    String.raw`(?:people|customers|shoppers|others|users) (?:who )?(?:\w+ )?(?:also|viewed|bought|liked)\b`,
    "(?:you|we think you) (?:may|might|will|could) (?:also )?(?:like|love|enjoy|be interested)",
    String.raw`(?:you may|you might) also\b`,
    "also (?:viewed|bought|like|available|consider)",
    String.raw`(?:similar|related|recommended|suggested|featured|more|other) (?:\w+ )?(?:items?|products?|posts?|articles?|stories|reads|listings?|properties|recipes|guides|videos|threads|topics|questions|discussions)\b`,
    "(?:recently|previously) viewed",
    "(?:frequently|often) bought together",
    "(?:complete|shop) the look",
    "more from (?:this|the) (?:seller|brand|shop|store|author)",
    String.raw`more from [\w ]+:?$`,
    "sponsored (?:items|products|links)",
    String.raw`explore (?:related|similar|more)\b`,
    "read (?:next|also)",
    "related$",
    "recommended for you",
    "trending now",
    "popular (?:now|products|items|posts)",
    ...IN_OTHER_LANGUAGES,
  ].join("|")})`,
  "i",
);

/** Headings at most this long: a sentence that happens to start with "Related" is prose, not a section title. */
const MAX_HEADING_CHARS = 60;

/**
 * Removes each section whose heading points away from the page, with its heading; the first
 * MAX_POINTING_HEADINGS such headings only (each reads the content's text and walks its section's
 * ancestors: a page of thousands of them took minutes, and a page has a few).
 */
export function removeRecommendations(root: Element): void {
  let pointing = 0;
  for (const heading of descendants(root)) {
    if (!heading.parent || !HEADING_TAGS.has(heading.name)) continue;
    const title = collapseWhitespace(rawText(heading));
    if (title.length === 0 || title.length > MAX_HEADING_CHARS || !POINTING_AWAY.test(title)) continue;
    if (++pointing > MAX_POINTING_HEADINGS) return;
    const section = sectionOf(heading, root);
    const nodes = section ? [section] : [heading, ...following(heading)];
    // Pointers to other pages are cards and links; a section of prose under such a heading is the page's own.
    if (isProse(nodes)) continue;
    removeNodes(new Set(nodes));
  }
}

const MAX_POINTING_HEADINGS = 30;

/** A paragraph this long, outside links, is prose: cards carry a title, a price, a line. */
const PROSE_PARAGRAPH_CHARS = 100;

function isProse(nodes: readonly AnyNode[]): boolean {
  const paragraphs = nodes.flatMap((node) => (isTag(node) ? (node.name === "p" ? [node] : descendants(node).filter((el) => el.name === "p")) : []));
  return paragraphs.some((p) => ownChars(p) >= PROSE_PARAGRAPH_CHARS);
}

/** Characters of text outside links. */
function ownChars(el: Element): number {
  let linked = 0;
  for (const a of descendants(el)) if (a.name === "a") linked += rawText(a).length;
  return rawText(el).length - linked;
}

/**
 * The smallest ancestor below root that holds more than the heading, has no other heading and less
 * than half of root's text (a story that merely ends with the heading is not its section).
 */
function sectionOf(heading: Element, root: Element): Element | undefined {
  const headingChars = rawText(heading).length;
  const rootChars = rawText(root).length;
  for (let el = heading.parent; el && el !== root && "name" in el; el = el.parent) {
    const node = el as Element;
    if (descendants(node).some((d) => d !== heading && HEADING_TAGS.has(d.name))) return undefined;
    const chars = rawText(node).length;
    if (chars > headingChars) return chars < rootChars * 0.5 ? node : undefined;
  }
  return undefined;
}

/** A heading among flat siblings: what follows it up to the next heading of its level or above. */
function following(heading: Element): AnyNode[] {
  const level = Number(heading.name.slice(1));
  const out: AnyNode[] = [];
  for (let next = heading.next; next; next = next.next) {
    if (isTag(next) && HEADING_TAGS.has(next.name) && Number(next.name.slice(1)) <= level) break;
    out.push(next);
  }
  return out;
}
