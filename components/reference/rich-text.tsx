/** Splits on backticks; odd pieces are code. An unmatched final backtick is kept as text. */
function codeSpans(text: string): string[] {
  const parts = text.split("`");
  if (parts.length % 2 === 0) {
    const last = parts.pop() ?? "";
    parts.push(`${parts.pop() ?? ""}\`${last}`);
  }
  return parts;
}

/** Description text from an API document: line breaks kept, `backticks` shown as code. Nothing else is interpreted. */
export function RichText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className ?? "whitespace-pre-line text-sm text-muted-foreground"}>
      {codeSpans(text).map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className="rounded bg-muted px-1 py-0.5 text-[0.85em] text-foreground">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </p>
  );
}
