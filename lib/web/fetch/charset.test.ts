import { describe, expect, it } from "vitest";
import { decodeText, detectCharset } from "./charset";

const bytes = (...b: number[]) => Uint8Array.from(b);
const ascii = (s: string) => Uint8Array.from(Buffer.from(s, "latin1"));

describe("charset decoding", () => {
  it("uses the Content-Type charset", () => {
    // "café" in windows-1252
    expect(decodeText(ascii("caf\xe9"), "text/html; charset=windows-1252")).toBe("café");
    expect(decodeText(ascii("caf\xe9"), 'text/html; charset="ISO-8859-1"')).toBe("café");
    // "日本" in Shift_JIS
    expect(decodeText(bytes(0x93, 0xfa, 0x96, 0x7b), "text/html;charset=Shift_JIS")).toBe("日本");
    // "Привет" in windows-1251
    expect(decodeText(bytes(0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2), "text/html; charset=cp1251")).toBe("Привет");
  });

  it("reads <meta charset> and the http-equiv form when the header has none", () => {
    const page = Buffer.concat([Buffer.from('<html><head><meta charset="koi8-r"></head><body>'), Buffer.from([0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4])]);
    expect(decodeText(page, "text/html")).toContain("Привет");
    const equiv = Buffer.concat([Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=gbk"><p>'), Buffer.from([0xc4, 0xe3, 0xba, 0xc3])]);
    expect(decodeText(equiv, undefined)).toContain("你好");
  });

  it("lets a byte-order mark win over the header", () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("héllo", "utf16le")]);
    expect(detectCharset(utf16, "text/html; charset=iso-8859-1")).toBe("utf-16le");
    expect(decodeText(utf16, "text/html; charset=iso-8859-1")).toBe("héllo");
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("naïve")]);
    expect(decodeText(utf8, "text/html; charset=windows-1252")).toBe("naïve");
  });

  it("falls back to UTF-8 when it decodes cleanly, else windows-1252", () => {
    expect(decodeText(Buffer.from("Grüße"), undefined)).toBe("Grüße");
    expect(decodeText(ascii("Gr\xfc\xdfe"), "text/html")).toBe("Grüße");
  });

  it("reads windows-1252's bytes 0x80–0x9f as its characters (curly quotes, dashes, €, ™), whatever the label says of Latin-1", () => {
    // “Café” — €5™…
    const text = bytes(0x93, 0x43, 0x61, 0x66, 0xe9, 0x94, 0x20, 0x97, 0x20, 0x80, 0x35, 0x99, 0x85);
    for (const contentType of ["text/html; charset=windows-1252", "text/html; charset=iso-8859-1", "text/html; charset=us-ascii", "text/html"])
      expect(decodeText(text, contentType)).toBe("“Café” — €5™…");
    // The five bytes 1252 leaves undefined are the control characters, as in browsers.
    expect(decodeText(bytes(0x81, 0x8d, 0x8f, 0x90, 0x9d), "text/html; charset=windows-1252")).toBe("\u0081\u008d\u008f\u0090\u009d");
  });

  it("reads euc-kr as Windows-949: KS X 1001 and the Hangul syllables it lacks, under every label of it", () => {
    // "똠방각하 햏 쓩 갂": 똠, 햏 and 갂 are outside KS X 1001; the bytes are Python's cp949
    const korean = Buffer.from("8c63b9e6b0a2c7cf20c16420beb1208141", "hex");
    for (const label of ["euc-kr", "ks_c_5601-1987", "windows-949"]) expect(decodeText(korean, `text/html; charset=${label}`)).toBe("똠방각하 햏 쓩 갂");
    // KS X 1001:1998's € and ®
    expect(decodeText(bytes(0xa2, 0xe6, 0xa2, 0xe7), "text/html; charset=euc-kr")).toBe("€®");
    // A lead without a trail, or with one that makes no character: U+FFFD, an ASCII trail read again.
    expect(decodeText(bytes(0xb0, 0xa1, 0x81, 0x20, 0xc9, 0xa1, 0xb0), "text/html; charset=euc-kr")).toBe("가\ufffd \ufffd\ufffd");
  });

  it("ignores unknown labels and a meta charset that claims UTF-16 in an ASCII-compatible document", () => {
    expect(detectCharset(Buffer.from("hello"), "text/html; charset=x-made-up")).toBe("utf-8");
    expect(detectCharset(Buffer.from('<meta charset="utf-16">hi'), undefined)).toBe("utf-8");
  });
});
