import type { Json } from "./sample-value";

/** Text that breaks naive handling: control characters, broken unicode, injections, sizes, look-alikes. */
export const HOSTILE_STRINGS: readonly string[] = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\uDFFF\uD800",
  "\uFFFF\uFFFE",
  "\u202Eevil",
  "e\u0301\u0301\u0301",
  "😀".repeat(500),
  "x".repeat(100_000),
  "../../../etc/passwd",
  "<script>alert(1)</script>",
  "' OR '1'='1' --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a lookup-injection probe, meant literally
  "${jndi:ldap://127.0.0.1/x}",
  "__proto__",
  "constructor",
  "NaN",
  "Infinity",
  "-1",
  "1e309",
  "0x10",
  " 1 ",
  "１２３",
  "\r\nX-Injected: 1",
  "null",
];

/** Numbers at the edges of what JSON and doubles hold. */
export const HOSTILE_NUMBERS: readonly number[] = [0, -1, -0, 0.5, 1.5, 2 ** 53 + 2, -(2 ** 63), 1e308, -1e308, 5e-324];

/** Values of every JSON kind, including prototype-polluting and deeply nested objects. */
export const HOSTILE_JSON_VALUES: readonly Json[] = [
  ...HOSTILE_STRINGS.filter((_, i) => i % 2 === 0),
  ...HOSTILE_NUMBERS,
  true,
  false,
  null,
  [],
  {},
  [[[["deep"]]]],
  JSON.parse('{"__proto__":{"polluted":true}}') as Json,
  { constructor: { prototype: { polluted: true } } },
];

/** Whole request bodies sent as they are, most of them not JSON at all. */
export const HOSTILE_RAW_BODIES: readonly string[] = [
  "",
  "{",
  "[",
  '{"a":',
  "null",
  "true",
  "1",
  '"text"',
  "[]",
  "\uFEFF{}",
  '{"a":1,"a":2}',
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}',
  `${"[".repeat(5000)}${"]".repeat(5000)}`,
  `{"a":${'{"a":'.repeat(2000)}1${"}".repeat(2000)}}`,
  `"${"x".repeat(2_000_000)}"`,
];

/** Path segments, already percent-encoded as they go on the wire. */
export const HOSTILE_PATH_SEGMENTS: readonly string[] = [
  "%00",
  "%00%EF%BF%BF",
  "%FF",
  "%C0%AF",
  "%ED%A0%80",
  "%25",
  "%2e%2e",
  "..%2f..%2fetc",
  "%F0%9F%98%80",
  "%E2%80%AE",
  "%0d%0aX-Injected:%201",
  "%20",
  "0",
  "-1",
  "null",
  "__proto__",
  "a".repeat(5000),
];

/** Query values, already percent-encoded. */
export const HOSTILE_QUERY_VALUES: readonly string[] = [
  "",
  "%00",
  "%FF",
  "%ED%A0%80",
  "-1",
  "0",
  "1.5",
  "1e309",
  "99999999999999999999999",
  "NaN",
  "%F0%9F%98%80",
  "__proto__",
  "a".repeat(10_000),
  "%5B%5D",
];

/** Content types a JSON operation must refuse cleanly. */
export const WRONG_CONTENT_TYPES: readonly string[] = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "application/json; charset=utf-16",
  "application/jsonx",
];

/** Header values that a client library can still send (bytes up to 0xFF, no CR/LF/NUL). */
export const HOSTILE_HEADER_VALUES: readonly string[] = ["", " ", "x".repeat(8000), "\u00ff\u00fe", "é", "../..", "null", "__proto__", "1; DROP TABLE keys"];
