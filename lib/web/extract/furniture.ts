// A page's furniture inside the content: short blocks that speak about the page, an item or a picture
// rather than say what the page says. An ad slot's label, a shop's badge, a listing's count, a story's
// reading time, a part's loading notice, a template's unfilled expression, a picture's credit. Each
// short block's text is read once (labelOf) for all the tests, and for cleaning's other label tests.
import type { Element } from "domhandler";
import { ancestors, descendants, elementChildren, rawText, rawTextWithin } from "./dom";
import { HEADING_TAGS } from "./blocks";
import { SCREEN_READER_ONLY } from "./hints";
import { onLineOfItsOwn } from "./lines";
import { isPictureCredit } from "./picture-credits";
import type { StatsMap } from "./text-stats";

/**
 * The text of a block short enough to be a label (at most LABEL_CHARS visible characters), trimmed;
 * undefined for a longer block or one of too many nodes.
 */
export function labelOf(el: Element, chars: number): string | undefined {
  if (chars === 0 || chars > LABEL_CHARS) return undefined;
  return rawTextWithin(el, LABEL_NODES)?.trim();
}

/** The label's words one space apart, as the patterns below read them. */
export function wordsOf(label: string): string {
  return /\s{2,}|[^\S ]/.test(label) ? label.replace(/\s+/g, " ") : label;
}

const LABEL_CHARS = 200;
/** A label is a few nodes; a box of more holds something besides (a gallery under its "See more"). */
const LABEL_NODES = 40;

/**
 * An ad's label beside its empty slot is many nodes: read again, further, when the block was too many
 * nodes to be read as a label.
 */
export function isAdLabel(el: Element, chars: number): boolean {
  return chars > 0 && chars <= AD_LABEL_CHARS && AD_LABEL.test(rawTextWithin(el, AD_LABEL_NODES)?.trim() ?? "");
}

/**
 * Whether the block (its label, its visible characters) is furniture. On a thread a shop's badge, a
 * listing's count and a story's reading time are not looked for: a post may say them.
 */
export function isFurniture(el: Element, label: string, chars: number, stats: StatsMap, discussion: boolean): boolean {
  const words = wordsOf(label);
  const said =
    (chars <= AD_LABEL_CHARS && AD_LABEL.test(words)) ||
    isPictureCredit(words, chars, stats.get(el)) ||
    (chars <= LOADING_CHARS && LOADING.test(words)) ||
    isUnrenderedTemplate(el, words) ||
    isSignInPrompt(el, words) ||
    (!discussion &&
      ((chars <= BADGE_CHARS && BADGE.test(words)) ||
        (chars <= RESULT_COUNT_CHARS && RESULT_COUNT.test(words)) ||
        (chars <= FORM_OUTCOME_CHARS && (FORM_FAILED.test(words) || FORM_RECEIVED.test(words))) ||
        (chars <= READING_TIME_CHARS && READING_TIME.test(words) && onLineOfItsOwn(el, chars, stats))));
  // A box holding a picture besides the words (a product's photo under its "Best seller" badge, a
  // credit's picture) is the picture's: the element holding the words alone goes instead.
  return said && !descendants(el).some((d) => PICTURES.has(d.name));
}

const PICTURES = new Set(["img", "picture", "video"]);

/** The label over an ad slot ("Advertisement", "Advertisement - Continue reading below", "Sponsored", "Anzeige", "Реклама", "広告"): the ad's, not the page's. */
const AD_LABEL =
  /^(?:advertisements?|advertising|sponsored|ad|anzeige|werbung|gesponsert|publicité|sponsorisé|publicidad|patrocinado|publicidade|pubblicità|sponsorizzato|advertentie|gesponsord|реклама|広告|广告|廣告|광고)(?:\s*[-–—:|]\s*(?:continue|scroll|story continues)[\w\s]*)?$/i;
const AD_LABEL_CHARS = 50;
/** A label and the empty slot beside it are a few nodes; a block of more than this is not a label. */
const AD_LABEL_NODES = 200;

/**
 * A shop's badge on an item ("Best seller", "Top rated", "New arrival", "Sale"): merchandising over the
 * item, not about it, alone in its element. "New", "Featured" and "Sold out" say something of the item
 * as often (WCXB: as often in the truth as not). WCXB collection +0.0016, 32 pages better, 10 by < 0.004 worse.
 * So is a review's "Verified purchase" (product +0.0003, seven pages better, one by 0.002 worse).
 */
const BADGE = /^(?:top rated|best ?sellers?|new arrivals?|award winner|(?:on )?sale|promoted|verified (?:purchase|buyer|owner|reviewer))$/i;
const BADGE_CHARS = 20;

/**
 * A listing's count of what it shows ("Showing 24 of 514 results", "Showing 1–16 of 29 results", "84,295
 * matches", "22 products", "120 Ergebnisse"), alone in its element: the list's furniture, as its sorting
 * and paging are. WCXB collection +0.0002, nine pages better, none worse.
 */
const RESULT_COUNT =
  /^(?:(?:showing|displaying|viewing) )?(?:(?:items?|results?) )?\d[\d,. ]*(?: ?[-–—] ?\d[\d,.]*)?(?: (?:of|from|out of) \d[\d,.]*\+?)? ?(?:results?|items?|products?|matches|listings?|ergebnisse|artikel|produkte|résultats|articles|produits|resultados|productos|risultati|prodotti|resultaten)(?: found)?$/i;
const RESULT_COUNT_CHARS = 60;

/**
 * What a form says once sent ("Thank you! Your submission has been received!", "Oops! Something went
 * wrong while submitting the form.", "There was a problem calculating your shipping. Please try again."),
 * alone in its element: the page carries every outcome, hidden until the form is sent, and none is the
 * page's. A post may say such a thing of its own: not looked for on a thread.
 */
const FORM_FAILED =
  /^(?:(?:oops|sorry|error|uh[- ]oh)[!.,:]* )?(?:something went wrong|there was (?:a|an) (?:problem|error)|an error (?:has )?occurred|we couldn['’]t (?:find|process|submit|send|load|verify|complete|calculate)|(?:we were )?unable to)\b[^.!?]{0,80}[.!]?(?: please try again(?: later)?[.!]?)?$/i;
const FORM_RECEIVED =
  /^(?:thank you|thanks)[!.,]? (?:for (?:subscribing|signing up|submitting|contacting us|your (?:submission|message|request))|your (?:submission|message|request) has been (?:received|sent|submitted))\b[^.!?]{0,80}[.!]?$/i;
const FORM_OUTCOME_CHARS = 150;

/**
 * How long a story takes to read ("5 min read", "Reading time: 3 minutes", "Lesezeit: 4 Minuten", "6 min
 * de lecture") on a line of its own: the page's estimate about the story, on it or on a card leading to
 * it, not its words; beside a card's date ("1d ago · 3 min read") it is one of the card's facts and
 * stays. WCXB listing +0.0007, ten pages better, none worse.
 */
const READING_TIME =
  /^(?:(?:estimated )?reading time|lesezeit|temps de lecture|tiempo de lectura|tempo di lettura|leestijd):? ?(?:about |ca\. )?\d+ ?(?:min(?:ute)?s?|minuten|minutos|minuti)\.?$|^\d+ ?(?:min(?:ute)?s?\.?|m) (?:read|reading(?: time)?|de lecture|de lectura|di lettura|leestijd)$/i;
const READING_TIME_CHARS = 40;

/**
 * What a script shows until it has loaded a part ("Loading...", "Loading specifications…", "Loading
 * prices for your region…"), alone in its element: the part never came, and the notice says nothing of
 * the page. "Loading an image with XHR" is a title. WCXB: four pages better, none worse.
 */
const LOADING = /^(?:loading|please wait)\b[^.…]{0,40}(?:\.{2,}|…)$/i;
const LOADING_CHARS = 50;

/**
 * A template's expression its script never filled in ("{{ DiscussionBoard.errors[11793116].message }}"),
 * alone in its element: the page as served, before the script that renders it ran. Code that shows
 * such an expression is code (a `<code>` or a `<pre>`) and stays. WCXB: two pages better, none worse.
 */
function isUnrenderedTemplate(el: Element, label: string): boolean {
  return (
    TEMPLATE_EXPRESSION.test(label) &&
    !CODE_TAGS.has(el.name) &&
    !descendants(el).some((d) => CODE_TAGS.has(d.name)) &&
    !ancestors(el, TEMPLATE_CODE_DEPTH).some((a) => CODE_TAGS.has(a.name))
  );
}

const TEMPLATE_EXPRESSION = /^\{\{[^{}]*\}\}$/;
const CODE_TAGS = new Set(["code", "pre", "kbd", "samp", "tt"]);
const TEMPLATE_CODE_DEPTH = 6;

/**
 * A prompt to sign in ("Sign in to continue", "Log in to set a price alert on this product.", "Sign in or
 * create your free account to comment…"): the site asking for an account, not what the page says. Only a
 * prompt to act on the site ("to comment", "to add", "to your … account"), not a step of instructions (an
 * ordered list's item, a heading not a link): "Log in to your Google Play Developer Console" names
 * another service and stays.
 */
function isSignInPrompt(el: Element, label: string): boolean {
  if (!SIGN_IN_PROMPT.test(label) || !ONE_SENTENCE.test(label)) return false;
  const around = ancestors(el, PROMPT_DEPTH);
  if (HEADING_TAGS.has(el.name) && !around.some((a) => a.name === "a")) return false;
  return ![el, ...around].some((a) => a.name === "li" && a.parent !== null && (a.parent as Element).name === "ol");
}

const SIGN_IN_PROMPT =
  /^(?:please )?(?:sign|log) ?in(?: (?:or|and) (?:create|register|sign up|join)\b[^.]{0,40}?)? to (?:comment|reply|continue|add|follow|save|view|see|access|set|update|order|ride|drive|post|vote|like|rate|download|join|read|track|manage|write|leave|ask|start|unlock|edit|send|chat|book|apply|subscribe|watch|listen|participate|contribute|share|bookmark|report|message|earn|redeem|claim|your [\w ]{0,30}account)\b/i;
const PROMPT_DEPTH = 3;
/** The prompt is the whole block: a list or a box that opens with one says more after it. */
const ONE_SENTENCE = /^[^.!?]*[.!?]?$/;

/**
 * A notice that the site sets cookies ("iFixit uses cookies to enhance site functionality… By using our
 * site, you agree…", "This content isn't visible due to your cookie preferences. To load this content,
 * click Allow…"): the site's consent banner, or the stand-in for an embed it blocked. It speaks of this
 * site's cookies and asks for consent; a sentence about cookies in general ("sites that use cookies must
 * ask you to opt in") is neither.
 */
export function isCookieNotice(el: Element, chars: number, label: string | undefined): boolean {
  if (chars === 0 || chars > COOKIE_NOTICE_CHARS || HEADING_TAGS.has(el.name)) return false;
  const text = label ?? rawTextWithin(el, COOKIE_NOTICE_NODES);
  // Every saying of COOKIE_NOTICE names cookies: the word, found by a fast scan, spares most texts its alternatives.
  return text !== undefined && COOKIE_WORD.test(text) && COOKIE_NOTICE.test(text) && CONSENT.test(text);
}

const COOKIE_WORD = /cookie/i;

const COOKIE_NOTICE = /\b(?:(?:this|our) (?:site|website|page)|we) (?:\w+ ){0,2}cookies\b|\buses cookies\b|\byour cookie (?:preferences|settings|choices)\b/i;
const CONSENT =
  /\b(?:by (?:using|continuing|clicking|browsing)|you (?:agree|consent|accept)|opt(?: |-)in|allow\b|accept\b|manage (?:your )?(?:preferences|settings))/i;
const COOKIE_NOTICE_CHARS = 400;
const COOKIE_NOTICE_NODES = 80;

/**
 * The price said again in other currencies ("AED: 549.56AED", "GBP: $110.82", …; "AUD 15,100", "USD
 * 9,970"): a list whose every item is a currency's code and an amount, three codes or more and none
 * twice, the converter's popup beside the price the page shows. A list of amounts in one currency
 * (a product's sizes, a plan's prices) is the page's own and stays.
 */
export function isPriceInOtherCurrencies(el: Element, chars: number): boolean {
  if ((el.name !== "ul" && el.name !== "ol") || chars === 0 || chars > OTHER_CURRENCIES_CHARS) return false;
  const items = elementChildren(el);
  if (items.length < MIN_OTHER_CURRENCIES) return false;
  const codes = new Set<string>();
  for (const item of items) {
    const code = item.name === "li" ? CURRENCY_AMOUNT.exec(rawText(item).trim())?.[1] : undefined;
    if (code === undefined || codes.has(code)) return false;
    codes.add(code);
  }
  return true;
}

/** An ISO 4217 code, an optional colon, the amount with its symbol, and the code again after it as some converters print it. */
const CURRENCY_AMOUNT = /^([A-Z]{3}):? ?[^\d\s]{0,3} ?\d[\d,.]*(?: ?[A-Z]{3})?$/;
const MIN_OTHER_CURRENCIES = 3;
const OTHER_CURRENCIES_CHARS = 600;

/**
 * A group of choices shown as pictures (a grid card's colour swatches under "More options"): a
 * `<fieldset>` whose only text is its `<legend>`, the caption of controls that say nothing in words.
 */
export function isPictureChoices(el: Element, chars: number): boolean {
  if (el.name !== "fieldset" || chars === 0 || chars > LABEL_CHARS) return false;
  const legend = elementChildren(el).find((child) => child.name === "legend");
  if (legend === undefined) return false;
  // What screen readers alone are told (each swatch's name) is not shown.
  const unseen = new Set(descendants(el).filter((d) => SCREEN_READER_ONLY.test(d.attribs.class ?? "")));
  const caption = rawText(legend, unseen).trim();
  return caption !== "" && rawText(el, unseen).trim() === caption;
}
