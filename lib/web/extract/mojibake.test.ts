import { describe, expect, it } from "vitest";
import { asWindows1252 } from "../windows-1252";
import { repairMojibake } from "./mojibake";
import { extractHtmlPage, type PageWants } from "./page";

/** The text as a page re-encoded it: its UTF-8 bytes read as Latin-1 (0x80–0x9f as control characters). */
function reEncodedLatin1(text: string): string {
  return Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join("");
}

/** Its UTF-8 bytes read as Windows-1252, the commoner way. */
function reEncoded(text: string): string {
  return asWindows1252(reEncodedLatin1(text));
}

describe("repairMojibake", () => {
  it("reads back text re-encoded through Windows-1252 or Latin-1, in any script", () => {
    const meant = "We’ve tested “best” picks — 5 € off, café, Łódź, Привет и мир, 中文 和 日本語, Tiếng Việt, हिन्दी, ⭐ and 😀… ©";
    expect(reEncoded(meant)).toContain("Weâ€™ve");
    expect(repairMojibake(reEncoded(meant))).toBe(meant);
    expect(repairMojibake(reEncodedLatin1(meant))).toBe(meant);
    // Cyrillic's Р is "Ð" and a no-break space, read back within a word
    expect(repairMojibake(reEncoded("“Россия”"))).toBe("“Россия”");
  });

  it("reads back a no-break space re-encoded ('Â '), text re-encoded twice, and a closing quote whose last byte was lost", () => {
    expect(repairMojibake(reEncoded("cats.\u00a0The"))).toBe("cats.\u00a0The");
    expect(repairMojibake(reEncoded(reEncoded("don’t")))).toBe("don’t");
    expect(repairMojibake("â€œHelloâ€ and â€œbyeâ€\ufffd")).toBe("“Hello” and “bye”");
  });

  it("leaves text that only looks re-encoded as written, when nothing in it is telltale", () => {
    for (const text of [
      "CAFÉ® and CAFÉ’S and CAFÉ…", // É then ®, ’ or … would spell IPA letters
      "«COS’È» — PÅ… — GENÇ…", // Italian, Swedish, Turkish capitals before punctuation
      "Rosa ×\u00a0alba", // × then a no-break space would spell a Hebrew letter
      "„Grüße“ und groß“", // ß then “ would spell an N'Ko letter
      "the word “café”—and “irmã”… „nejlepší“…", // an accented letter then two marks would spell CJK or Hangul
      "naïve São Paulo, à bientôt, Ã alone, MAÇÃ\u00a0VERDE",
      "cut short: â€", // a lead without all its continuations
    ])
      expect(repairMojibake(text)).toBe(text);
  });
});

describe("pages re-encoded by their publisher", () => {
  const wants: PageWants = { title: true, text: true, links: false, images: false, metadata: false, contacts: false, social: false, followLinks: false };
  const body =
    "Every year, unplanned vet visits push millions of households to the brink — nearly seven in ten of them because of an emergency. Pet insurance turns that moment into a predictable monthly cost.\u00a0";

  it("give their title, text and Markdown with the characters meant", () => {
    const html = `<html><head><title>${reEncoded("What’s it cost?")}</title></head><body><main><h2>${reEncoded("Cost — on average")}</h2><p>${reEncoded(body)}</p><p>${reEncoded(body)} Again.</p></main></body></html>`;
    const page = extractHtmlPage(html, "https://insure.example/cost", wants);
    expect(page.title).toBe("What’s it cost?");
    expect(page.text).toContain("to the brink — nearly seven");
    expect(page.markdown).toContain("## Cost — on average");
    expect(`${page.text}${page.markdown}`).not.toMatch(/â|Â/);
  });

  it("are read back whole, code blocks too, where any of their text is telltale; other pages stay as written", () => {
    const html = `<html><body><main><h2>CAFÉ…</h2><p>${body}</p><p>${body} Again.</p><pre><code>${reEncoded('say("Ça va → ok")')}</code></pre><p>${reEncoded("That’s all.")}</p></main></body></html>`;
    const page = extractHtmlPage(html, "https://insure.example/encodings", wants);
    expect(page.text).toContain('say("Ça va → ok")');
    expect(page.text).toContain("That’s all.");
    const legit = `<html><head><title>CAFÉ…</title></head><body><main><h2>CAFÉ…</h2><p>${body}</p><p>${body} Again.</p></main></body></html>`;
    const plain = extractHtmlPage(legit, "https://insure.example/cafe", wants);
    expect(plain.title).toBe("CAFÉ…");
    expect(plain.text).toContain("CAFÉ…");
  });
});
