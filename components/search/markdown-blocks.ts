// A reader for the Markdown the scraper writes (lib/web/extract/markdown.ts): headings, paragraphs,
// lists, quotes, fenced code, rules and tables; inline code, bold, italics, links and images.
// Nothing is interpreted as HTML.

export type Inline =
  | { type: "text"; text: string }
  | { type: "code"; text: string }
  | { type: "strong"; children: Inline[] }
  | { type: "em"; children: Inline[] }
  | { type: "link"; href: string; children: Inline[] }
  | { type: "image"; src: string; alt: string }
  | { type: "break" };

export type Block =
  | { type: "heading"; level: number; content: Inline[] }
  | { type: "paragraph"; content: Inline[] }
  | { type: "code"; text: string }
  | { type: "rule" }
  | { type: "quote"; blocks: Block[] }
  | { type: "list"; ordered: boolean; start: number; items: Block[][] }
  | { type: "table"; head: Inline[][]; rows: Inline[][][] };

/** The last two: a hard line break (a backslash ending the line), and a soft one (a bare newline, read as a space), as CommonMark reads them. */
const INLINE = /\\([\\`*_[\]<>#+\-.!|])|(`+)(.+?)\2|\*\*(.+?)\*\*|!\[((?:\\.|[^\]])*)\]\((\S+?)\)|\[((?:\\.|[^\]])+)\]\((\S+?)\)|_(.+?)_|\*(.+?)\*|(\\\n)|\n/gs;

/** Only web links are kept as links; anything else (javascript:, data:) stays text. */
function safeHref(href: string): string | null {
  return /^https?:\/\//i.test(href) ? href : null;
}

export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  const push = (node: Inline) => {
    const last = out.at(-1);
    if (node.type !== "text") out.push(node);
    else if (last?.type === "text") last.text += node.text;
    else if (node.text) out.push({ ...node });
  };
  const text = (t: string) => push({ type: "text", text: t });
  let at = 0;
  for (const m of source.matchAll(INLINE)) {
    text(source.slice(at, m.index));
    at = m.index + m[0].length;
    const [whole, escaped, , code, strong, alt, src, label, href, underscored, starred, hardBreak] = m;
    if (escaped !== undefined) text(escaped);
    else if (code !== undefined) out.push({ type: "code", text: code.trim() });
    else if (strong !== undefined) out.push({ type: "strong", children: parseInline(strong) });
    else if (src !== undefined) {
      const safe = safeHref(src);
      if (safe) out.push({ type: "image", src: safe, alt: (alt ?? "").replace(/\\(.)/g, "$1") });
      else text(whole);
    } else if (href !== undefined) {
      const safe = safeHref(href);
      const children = parseInline(label ?? "");
      if (safe) out.push({ type: "link", href: safe, children });
      else children.forEach(push);
    } else if (underscored !== undefined || starred !== undefined) out.push({ type: "em", children: parseInline(underscored ?? starred ?? "") });
    else if (hardBreak !== undefined) out.push({ type: "break" });
    else text(" ");
  }
  text(source.slice(at));
  return out;
}

const LIST_ITEM = /^(\d+)\.\s|^[-*+]\s/;
const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, "")
    .split(/(?<!\\)\|/)
    .map((c) => parseInline(c.trim()));

/** Lines of a list item after its marker: its continuation lines, unindented by the marker's width. */
function listItems(lines: string[]): { ordered: boolean; start: number; items: string[] } {
  const first = LIST_ITEM.exec(lines[0]!)!;
  const items: string[] = [];
  for (const line of lines) {
    const m = LIST_ITEM.exec(line);
    if (m) items.push(line.slice(m[0].length));
    else items[items.length - 1] += `\n${line.replace(/^\s{1,4}/, "")}`;
  }
  return { ordered: first[1] !== undefined, start: Number(first[1] ?? 1), items };
}

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let i = 0;
  const takeWhile = (keep: (line: string) => boolean) => {
    const taken: string[] = [];
    while (i < lines.length && keep(lines[i]!)) taken.push(lines[i++]!);
    return taken;
  };
  while (i < lines.length) {
    const line = lines[i]!;
    const fence = /^(```|~~~)/.exec(line);
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (!line.trim()) i++;
    else if (fence) {
      i++;
      const code = takeWhile((l) => !l.startsWith(fence[1]!));
      i++;
      blocks.push({ type: "code", text: code.join("\n") });
    } else if (heading) {
      i++;
      blocks.push({ type: "heading", level: heading[1]!.length, content: parseInline(heading[2]!) });
    } else if (/^(-{3,}|\*{3,}|_{3,})\s*$/.test(line)) {
      i++;
      blocks.push({ type: "rule" });
    } else if (line.startsWith(">")) {
      const quoted = takeWhile((l) => l.startsWith(">")).map((l) => l.replace(/^> ?/, ""));
      blocks.push({ type: "quote", blocks: parseMarkdown(quoted.join("\n")) });
    } else if (LIST_ITEM.test(line)) {
      const list = listItems(takeWhile((l) => l.trim() !== "" && (LIST_ITEM.test(l) || /^\s/.test(l))));
      blocks.push({ type: "list", ordered: list.ordered, start: list.start, items: list.items.map((item) => parseMarkdown(item)) });
    } else if (line.startsWith("|") && /^\|?\s*:?-{3,}/.test(lines[i + 1] ?? "")) {
      const [head, , ...rows] = takeWhile((l) => l.startsWith("|"));
      blocks.push({ type: "table", head: cells(head!), rows: rows.map(cells) });
    } else {
      const paragraph = takeWhile((l) => l.trim() !== "" && !/^(```|~~~|#{1,6}\s|>)/.test(l));
      blocks.push({ type: "paragraph", content: parseInline(paragraph.join("\n")) });
    }
  }
  return blocks;
}
