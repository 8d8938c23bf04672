import { createElement, type ReactNode } from "react";
import { type Block, type Inline, parseMarkdown } from "./markdown-blocks";

function inlines(nodes: readonly Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case "text":
        return node.text;
      case "code":
        return (
          <code key={i} className="rounded bg-muted px-1 py-0.5 text-[0.85em]">
            {node.text}
          </code>
        );
      case "strong":
        return <strong key={i}>{inlines(node.children)}</strong>;
      case "em":
        return <em key={i}>{inlines(node.children)}</em>;
      case "link":
        return (
          <a key={i} href={node.href} target="_blank" rel="noreferrer noopener" className="break-words text-primary underline underline-offset-4">
            {inlines(node.children)}
          </a>
        );
      // Images are named, not loaded: the console does not make the browser fetch from the scraped site.
      case "image":
        return (
          <a key={i} href={node.src} target="_blank" rel="noreferrer noopener" className="text-muted-foreground underline underline-offset-4">
            [image{node.alt ? `: ${node.alt}` : ""}]
          </a>
        );
      case "break":
        return <br key={i} />;
      default:
        return null;
    }
  });
}

const HEADING = ["text-xl", "text-lg", "text-base", "text-sm", "text-sm", "text-sm"];

function blocks(list: readonly Block[]): ReactNode[] {
  return list.map((block, i) => {
    switch (block.type) {
      case "heading":
        return createElement(`h${block.level}`, { key: i, className: `${HEADING[block.level - 1]} font-semibold` }, inlines(block.content));
      case "paragraph":
        return <p key={i}>{inlines(block.content)}</p>;
      case "code":
        return (
          <pre key={i} className="overflow-x-auto rounded-md bg-muted p-3 text-xs">
            <code>{block.text}</code>
          </pre>
        );
      case "rule":
        return <hr key={i} />;
      case "quote":
        return (
          <blockquote key={i} className="flex flex-col gap-2 border-l-2 pl-3 text-muted-foreground">
            {blocks(block.blocks)}
          </blockquote>
        );
      case "list": {
        const items = block.items.map((item, j) => (
          <li key={j} className="[&>p]:inline">
            {blocks(item)}
          </li>
        ));
        return block.ordered ? (
          <ol key={i} start={block.start} className="list-decimal space-y-1 pl-6">
            {items}
          </ol>
        ) : (
          <ul key={i} className="list-disc space-y-1 pl-6">
            {items}
          </ul>
        );
      }
      case "table":
        return (
          <div key={i} className="max-w-full overflow-x-auto">
            <table className="text-xs">
              <thead>
                <tr>
                  {block.head.map((cell, j) => (
                    <th key={j} className="border px-2 py-1 text-left font-semibold">
                      {inlines(cell)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {block.rows.map((row, r) => (
                  <tr key={r}>
                    {row.map((cell, j) => (
                      <td key={j} className="border px-2 py-1 align-top">
                        {inlines(cell)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      default:
        return null;
    }
  });
}

/** Markdown from a scraped page, rendered as text with structure; no HTML from the page is used. */
export function MarkdownView({ source }: { source: string }) {
  if (!source.trim()) return <p className="text-sm text-muted-foreground">(no main text)</p>;
  return <div className="flex max-h-[32rem] flex-col gap-3 overflow-auto rounded-md border p-4 text-sm leading-relaxed">{blocks(parseMarkdown(source))}</div>;
}
