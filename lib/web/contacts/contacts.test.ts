import { describe, expect, it } from "vitest";
import { decodeCloudflareEmail, emailsFromMailto, emailsInText, normalizeEmail } from "./emails";
import { guessCountry, phoneFromTel, phonesInParagraphs, phonesInText } from "./phones";
import { profileFromUrl } from "./social";

/** Cloudflare's encoding: a key byte, then each byte XOR the key, in hex. */
function cfEncode(email: string, key = 0x5a): string {
  return [key, ...Buffer.from(email)].map((b, i) => (i === 0 ? b : b ^ key).toString(16).padStart(2, "0")).join("");
}

describe("emails", () => {
  it("finds plain addresses in text and lower-cases them", () => {
    expect(emailsInText("Write to Sales@Example.COM or support@help.example.org.")).toEqual(["sales@example.com", "support@help.example.org"]);
  });

  it("rejects asset names and other look-alikes", () => {
    for (const fake of [
      "image@2x.png",
      "logo@3x.webp",
      "icon@2x.jpg",
      "sprite@1.5x.svg",
      "bundle@4.2.1.js",
      "user@localhost",
      "a@b.c",
      "name@example.notatld",
    ]) {
      expect(emailsInText(`see ${fake} here`)).toEqual([]);
    }
    expect(normalizeEmail("first..last@example.com")).toBeUndefined();
  });

  it("reads the [at]/[dot] and (at)/(dot) forms", () => {
    expect(emailsInText("jane [at] example [dot] com")).toEqual(["jane@example.com"]);
    expect(emailsInText("press(at)news(dot)example(dot)co(dot)uk")).toEqual(["press@news.example.co.uk"]);
    expect(emailsInText("info {at} example.org")).toEqual(["info@example.org"]);
    expect(emailsInText("Write to sales [ AT ] example.org, or sales@example.org")).toEqual(["sales@example.org", "sales@example.org"]);
    expect(emailsInText("meet me at example dot com")).toEqual([]);
  });

  it("reads mailto links, several addresses and a query included", () => {
    expect(emailsFromMailto("mailto:A@example.com,b%40example.com?subject=Hi")).toEqual(["a@example.com", "b@example.com"]);
  });

  it("decodes Cloudflare-obfuscated addresses", () => {
    expect(decodeCloudflareEmail(cfEncode("hidden@example.com"))).toBe("hidden@example.com");
    expect(decodeCloudflareEmail("zz")).toBeUndefined();
  });
});

describe("phones", () => {
  it("takes tel: links as E.164", () => {
    expect(phoneFromTel("tel:+1-415-555-2671", undefined)).toBe("+14155552671");
    expect(phoneFromTel("tel:020%207946%200958", "GB")).toBe("+442079460958");
    expect(phoneFromTel("tel:12", undefined)).toBeUndefined();
  });

  it("takes international numbers from text and national ones only next to a phone word", () => {
    expect(phonesInText("Call +44 20 7946 0958 today", undefined)).toEqual(["+442079460958"]);
    expect(phonesInText("Tel.: 030 12345678", "DE")).toEqual(["+493012345678"]);
    expect(phonesInText("Order 030 12345678 shipped", "DE")).toEqual([]);
    expect(phonesInText("Updated 2024-01-05, ref 12345678", "DE")).toEqual([]);
    expect(phonesInText("Phone: 2024-01-05", "DE")).toEqual([]);
    expect(phonesInText("Phone: +1 555 0100 000", undefined)).toEqual([]);
  });

  it("searches the first 200,000 characters of the paragraphs that may hold a number, a paragraph cut at a space", () => {
    const filler = "+ words ".repeat(30_000);
    const found = phonesInParagraphs(["No number here.", `Call +44 20 7946 0958 ${filler}+1 415 555 2671`, "Fax +33 1 42 68 53 00"], undefined);
    expect(found).toEqual(["+442079460958"]);
    expect(phonesInParagraphs(["No number here, ".repeat(20_000), "Fax +33 1 42 68 53 00"], undefined)).toEqual(["+33142685300"]);
  });

  it("guesses the country from the TLD, else the language region", () => {
    expect(guessCountry("shop.example.de", undefined)).toBe("DE");
    expect(guessCountry("news.example.co.uk", undefined)).toBe("GB");
    expect(guessCountry("example.com", "en-US")).toBe("US");
    expect(guessCountry("example.com", "fr")).toBeUndefined();
  });
});

describe("social profiles", () => {
  it.each([
    ["https://twitter.com/bourse_desk", "x", "https://x.com/bourse_desk"],
    ["https://x.com/bourse_desk?lang=en", "x", "https://x.com/bourse_desk"],
    ["https://www.linkedin.com/company/bourse-labs/", "linkedin", "https://www.linkedin.com/company/bourse-labs"],
    ["https://uk.linkedin.com/in/jane-doe", "linkedin", "https://www.linkedin.com/in/jane-doe"],
    ["https://github.com/bourse-labs", "github", "https://github.com/bourse-labs"],
    ["https://www.facebook.com/BourseLabs", "facebook", "https://www.facebook.com/BourseLabs"],
    ["https://m.facebook.com/profile.php?id=100012345", "facebook", "https://www.facebook.com/profile.php?id=100012345"],
    ["https://instagram.com/bourse.labs/", "instagram", "https://www.instagram.com/bourse.labs"],
    ["https://www.youtube.com/@BourseLabs", "youtube", "https://www.youtube.com/@BourseLabs"],
    ["https://youtube.com/channel/UC1234567890abcdef", "youtube", "https://www.youtube.com/channel/UC1234567890abcdef"],
    ["https://www.tiktok.com/@bourselabs", "tiktok", "https://www.tiktok.com/@bourselabs"],
  ])("%s is a %s profile", (href, platform, url) => {
    expect(profileFromUrl(href)).toMatchObject({ platform, url });
  });

  it.each([
    "https://twitter.com/intent/tweet?text=hi",
    "https://twitter.com/share?url=x",
    "https://x.com/bourse_desk/status/123456",
    "https://www.facebook.com/sharer/sharer.php?u=x",
    "https://www.facebook.com/sharer.php?u=x",
    "https://www.facebook.com/dialog/share?app_id=1",
    "https://www.linkedin.com/shareArticle?mini=true&url=x",
    "https://www.linkedin.com/sharing/share-offsite/?url=x",
    "https://github.com/bourse-labs/bourse",
    "https://github.com/features",
    "https://www.instagram.com/p/Cx123/",
    "https://www.youtube.com/watch?v=abc",
    "https://youtu.be/abc",
    "https://www.tiktok.com/@bourselabs/video/123",
    "https://example.com/twitter.com/someone",
  ])("%s is not a profile", (href) => {
    expect(profileFromUrl(href)).toBeUndefined();
  });
});
