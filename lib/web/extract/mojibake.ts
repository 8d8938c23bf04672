// Text that was UTF-8, read once as Windows-1252 (or Latin-1) and saved again as UTF-8: "donâ€™t" for
// "don’t", "cafÃ©" for "café", "Â " for a no-break space. Pages whose publishing system re-encoded
// their content serve it so; readers and search both want the characters meant. Each run of a lead
// character and its continuations is read back as the UTF-8 bytes it spells, where that gives one
// character text plausibly holds; any other run stays as written (a brand's "CAFÉ®" is É and ®, not
// the IPA letter those two bytes would spell).
import { type ParentNode, isTag, isText } from "domhandler";
import { WINDOWS_1252_HIGH } from "../windows-1252";

/** The bytes of Windows-1252's characters at 0x80–0x9f (its others, 0xa0–0xff, are Latin-1's: byte = code). */
const BYTE_OF = new Map<string, number>(Array.from(WINDOWS_1252_HIGH, (ch, i) => [ch, 0x80 + i]));

/** A lead byte's character (0xc2–0xf4) and the continuation bytes' characters after it (0x80–0xbf). */
const CONTINUATIONS =
  "\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201a\u201c-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122";
const RUN = new RegExp(`[\u00c2-\u00f4][${CONTINUATIONS}]+`, "g");
const LEAD = /[\u00c2-\u00f4]/;
const CONTINUATION = new RegExp(`[${CONTINUATIONS}]`);

/**
 * What a run may spell on its own: a Latin letter or Latin-1 symbol ("Ã©", "Â©"), punctuation and
 * symbols ("â€™", "â‚¬", "â†’"), an emoji. A letter of another script only within a word of them, a
 * run beside another ("ÐŸÑ€Ð¸" for "При", "ä¸­æ–‡" for "中文"): alone it is likelier a word's accented
 * last letter before two marks ("café”—" would spell 锗).
 */
const PLAUSIBLE_ALONE = /^(?:[\u00a0-\u024f\u2000-\u2bff]|\ufe0f|[\u{1f000}-\u{1faff}])$/u;
const PLAUSIBLE_IN_WORD = /^[\p{L}\p{N}]$/u;

/**
 * Two bytes spelling another script's letter by chance ("É’" in capitals before a curly quote spells
 * an IPA letter): only Greek, Cyrillic, Hebrew and Arabic letters are read back from them, and a
 * no-break space as the second byte only after "Â" or "Ã" (a no-break space, "à"), for it follows any
 * character ("Rosa ×\u00a0alba" holds no Hebrew).
 */
const OTHER_SCRIPTS_FROM_TWO = /^[\u0370-\u03ff\u0400-\u052f\u05d0-\u05ea\u0620-\u064a]$/;

/** Text read twice over can be re-encoded twice ("Ã¢â‚¬â„¢" for "’"): read back this many times at most. */
const MAX_ROUNDS = 2;

export function repairMojibake(text: string): string {
  let repaired = text;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    RUN.lastIndex = 0;
    if (!RUN.test(repaired)) break;
    const next = repaired.replace(RUN, readBack);
    if (next === repaired) break;
    repaired = next;
  }
  return repaired;
}

/** Every text node under the roots, repaired in place. */
export function repairMojibakeUnder(roots: readonly ParentNode[]): void {
  const stack: ParentNode[] = [...roots];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    for (const child of node.children) {
      if (isText(child)) child.data = repairMojibake(child.data);
      else if (isTag(child)) stack.push(child);
    }
  }
}

/**
 * The run's lead and as many continuations as it needs, as the one character they spell where it is
 * plausible (see PLAUSIBLE_ALONE); the rest of the run as written.
 */
function readBack(run: string, at: number, text: string): string {
  const lead = run.charCodeAt(0);
  const needs = lead < 0xe0 ? 1 : lead < 0xf0 ? 2 : 3;
  if (run.length <= needs) return run;
  if (needs === 1 && run[1] === "\u00a0" && lead !== 0xc2 && lead !== 0xc3) return run;
  let codePoint = lead & (lead < 0xe0 ? 0x1f : lead < 0xf0 ? 0x0f : 0x07);
  for (let i = 1; i <= needs; i++) {
    const byte = byteOf(run[i]!);
    if (byte < 0x80 || byte > 0xbf) return run;
    codePoint = (codePoint << 6) | (byte & 0x3f);
  }
  if (!isShortest(codePoint, needs)) return run;
  const ch = String.fromCodePoint(codePoint);
  const plausible =
    PLAUSIBLE_ALONE.test(ch) || (PLAUSIBLE_IN_WORD.test(ch) && (needs > 1 || OTHER_SCRIPTS_FROM_TWO.test(ch)) && besideAnotherRun(run, needs, at, text));
  return plausible ? ch + run.slice(needs + 1) : run;
}

/** Whether another run ends right before this one or starts right after what it spells. */
function besideAnotherRun(run: string, needs: number, at: number, text: string): boolean {
  const after = run.length === needs + 1 ? text[at + run.length] : undefined;
  const before = at > 0 ? text[at - 1] : undefined;
  return (after !== undefined && LEAD.test(after)) || (before !== undefined && CONTINUATION.test(before));
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
