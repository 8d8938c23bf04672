// Windows-1252: what the web reads for the windows-1252, ISO-8859-1, Latin-1 and ASCII labels, and the
// fallback for pages that are not UTF-8. Its bytes 0x80–0x9f are characters (curly quotes, dashes, €,
// ™), where Latin-1 has control characters.

/** The characters at bytes 0x80–0x9f (the five 1252 leaves undefined are the control characters, as WHATWG says). */
export const WINDOWS_1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

/**
 * Windows-1252 bytes read as Latin-1 made right: each control character 0x80–0x9f as the character
 * 1252 has at that byte. Node 20.18.3 on decodes windows-1252 as Latin-1 (nodejs/node#60888).
 */
export function asWindows1252(latin1: string): string {
  return latin1.replace(/[\u0080-\u009f]/g, (ch) => WINDOWS_1252_HIGH[ch.charCodeAt(0) - 0x80] ?? ch);
}
