// Text that was UTF-8, read once as Windows-1252 (or Latin-1) and saved again as UTF-8: "donâ€™t" for
// "don’t", "cafÃ©" for "café", "Â " for a no-break space. Pages whose publishing system re-encoded
// their content serve it so; readers and search both want the characters meant.
//
// A run is a lead character (Â–ô, bytes 0xc2–0xf4) and continuation characters (bytes 0x80–0xbf as
// Windows-1252 or Latin-1 shows them). Legitimate text holds runs too: "CAFÉ…", "«COS’È»", "groß“",
// "café”—" are capitals or accented letters before punctuation. So text is read back only when it
// holds a run no language writes (see isTelltale); then every run that spells a plausible character is.
import { type ParentNode, isTag, isText } from "domhandler";
import { WINDOWS_1252_HIGH } from "../windows-1252";

/** The bytes of Windows-1252's characters at 0x80–0x9f (its others, 0xa0–0xff, are Latin-1's: byte = code). */
const BYTE_OF = new Map<string, number>(Array.from(WINDOWS_1252_HIGH, (ch, i) => [ch, 0x80 + i]));

const CONTINUATIONS =
  "\\u0080-\\u00bf\\u0152\\u0153\\u0160\\u0161\\u0178\\u017d\\u017e\\u0192\\u02c6\\u02dc\\u2013\\u2014\\u2018-\\u201a\\u201c-\\u201e\\u2020-\\u2022\\u2026\\u2030\\u2039\\u203a\\u20ac\\u2122";
const RUN = new RegExp(`[\\u00c2-\\u00f4][${CONTINUATIONS}]+`, "g");
const LEAD = /[\u00c2-\u00f4]/;

/**
 * "â€" with its third byte lost: 0x9d (the ” of "â€\u009d") is undefined in Windows-1252, and many
 * tools drop it or write U+FFFD.
 */
const CLOSING_QUOTE_CUT = new RegExp(`â€(?:\\ufffd|(?![${CONTINUATIONS}]))`, "g");

/** Latin letters and Latin-1's symbols (Vietnamese's too), punctuation and symbols, emoji and their variation selectors. */
const LATIN_OR_SYMBOL = /^(?:[\u00a0-\u024f\u1e00-\u1eff\u2000-\u2bff]|[\ufe0e\ufe0f]|[\u{1f000}-\u{1faff}])$/u;
/** A letter, mark or digit of any script (Cyrillic, CJK, Hangul, Devanagari's vowel signs…). */
const OF_A_SCRIPT = /^[\p{L}\p{M}\p{N}]$/u;

/** Text re-encoded more than once ("Ã¢â‚¬â„¢" for "’") is read back this many times at most. */
const MAX_ROUNDS = 3;

/**
 * Scripts and styles are no text. Code is read back with the rest: a page re-encoded by its publisher
 * has its code blocks re-encoded too, more often than one shows re-encoded text on purpose.
 */
const NOT_TEXT = new Set(["script", "style"]);

/** The text read back where it holds a telltale run; else as written. */
export function repairMojibake(text: string): string {
  return hasTelltale(text) ? readBackAll(text) : text;
}

/** Every text node under the roots read back, where any of them holds a telltale run (one node's evidence serves the page). */
export function repairMojibakeUnder(roots: readonly ParentNode[]): void {
  const texts: { data: string }[] = [];
  const stack: ParentNode[] = [...roots];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    for (const child of node.children) {
      if (isText(child)) {
        if (RUN.test(child.data)) texts.push(child);
        RUN.lastIndex = 0;
      } else if (isTag(child) && !NOT_TEXT.has(child.name)) stack.push(child);
    }
  }
  if (!texts.some((t) => hasTelltale(t.data))) return;
  for (const t of texts) t.data = readBackAll(t.data);
}

function readBackAll(text: string): string {
  let repaired = text;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const next = repaired.replace(CLOSING_QUOTE_CUT, "”").replace(RUN, readBack);
    if (next === repaired) break;
    repaired = next;
  }
  return repaired;
}

/**
 * Whether the text holds a run no language writes: "â" and two continuations spelling punctuation or
 * a symbol ("â€™", "â‚¬", "â†’"); "Ã" or "Â" before a Latin-1 symbol ("Ã©", "Ã¶", "Â©", "Â±", not « » ®
 * or ° that may follow a capital); "Â" before a no-break space; four bytes spelling an emoji
 * ("ðŸ˜€"); or two runs in a row spelling letters (a word: "ÐŸÑ€", "ä¸­æ–‡").
 */
function hasTelltale(text: string): boolean {
  let previousEnd = -1;
  let previousLetter = false;
  for (const match of text.matchAll(RUN)) {
    const run = match[0];
    const ch = spelled(run);
    if (ch === undefined) {
      previousEnd = -1;
      continue;
    }
    const lead = run[0];
    const second = run[1]!;
    if (lead === "â" && ch >= "\u2000" && ch <= "\u2bff") return true;
    if ((lead === "Ã" || lead === "Â") && /[\u00a1-\u00bf]/.test(second) && !"«»®°".includes(second)) return true;
    if (lead === "Â" && second === "\u00a0") return true;
    if (lead === "ð" && /^[\u{1f000}-\u{1faff}]$/u.test(ch)) return true;
    const letter = OF_A_SCRIPT.test(ch) && !LATIN_OR_SYMBOL.test(ch);
    if (letter && previousLetter && previousEnd === match.index) return true;
    previousLetter = letter && run.length === neededContinuations(run) + 1;
    previousEnd = match.index + run.length;
  }
  return false;
}

/**
 * The run's lead and as many continuations as it needs, as the one character they spell where that is
 * a Latin letter, symbol or another script's letter; the rest of the run as written. A no-break space
 * as the second byte only after "Â" or "Ã" (a no-break space, "à") or beside another run ("Ð\u00a0" is
 * Cyrillic Р within "Ð\u00a0Ð¾Ñ\u0081"): it follows any character ("Rosa ×\u00a0alba").
 */
function readBack(run: string, at: number, text: string): string {
  const ch = spelled(run);
  if (ch === undefined || !(LATIN_OR_SYMBOL.test(ch) || OF_A_SCRIPT.test(ch))) return run;
  const needs = neededContinuations(run);
  if (needs === 1 && run[1] === "\u00a0" && run[0] !== "Â" && run[0] !== "Ã" && !(run.length === 2 && LEAD.test(text[at + 2] ?? ""))) return run;
  return ch + run.slice(needs + 1);
}

/** The character a run's lead and the continuations it needs spell, if they are well-formed UTF-8. */
function spelled(run: string): string | undefined {
  const lead = run.charCodeAt(0);
  const needs = neededContinuations(run);
  if (run.length <= needs) return undefined;
  let codePoint = lead & (needs === 1 ? 0x1f : needs === 2 ? 0x0f : 0x07);
  for (let i = 1; i <= needs; i++) {
    const byte = byteOf(run[i]!);
    if (byte < 0x80 || byte > 0xbf) return undefined;
    codePoint = (codePoint << 6) | (byte & 0x3f);
  }
  return isShortest(codePoint, needs) ? String.fromCodePoint(codePoint) : undefined;
}

function neededContinuations(run: string): number {
  const lead = run.charCodeAt(0);
  return lead < 0xe0 ? 1 : lead < 0xf0 ? 2 : 3;
}

function byteOf(ch: string): number {
  const code = ch.charCodeAt(0);
  return code <= 0xff ? code : (BYTE_OF.get(ch) ?? -1);
}

/** UTF-8 spells each character in the fewest bytes, and never a surrogate or beyond U+10FFFF. */
function isShortest(codePoint: number, continuations: number): boolean {
  if (continuations === 2) return codePoint >= 0x800 && (codePoint < 0xd800 || codePoint > 0xdfff);
  if (continuations === 3) return codePoint >= 0x10000 && codePoint <= 0x10ffff;
  return codePoint >= 0x80;
}
