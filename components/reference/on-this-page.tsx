"use client";

import { useEffect, useState } from "react";
import { cn } from "@/components/ui/cn";

export interface TocEntry {
  id: string;
  label: string;
  children?: readonly { id: string; label: string }[];
}

// A section counts as the one being read once its top passes this far below the viewport's top (under the sticky header).
const READING_LINE = 120;

/** The ids in page order; the current one is the last whose top has passed the reading line. */
function currentId(ids: readonly string[]): string | null {
  let current: string | null = null;
  for (const id of ids) {
    const el = document.getElementById(id);
    if (!el) continue;
    if (el.getBoundingClientRect().top <= READING_LINE) current = id;
    else break;
  }
  // At the very bottom the last section is current, however short it is.
  if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) return ids.findLast((id) => document.getElementById(id)) ?? current;
  return current ?? ids[0] ?? null;
}

/** The page's table of contents beside the content on wide screens, the section being read marked. */
export function OnThisPage({ entries }: { entries: readonly TocEntry[] }) {
  const ids = entries.flatMap((e) => [e.id, ...(e.children ?? []).map((c) => c.id)]);
  const key = ids.join(" ");
  const [active, setActive] = useState<string | null>(null);
  useEffect(() => {
    const order = key.split(" ");
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setActive(currentId(order)));
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    // Sections also move without a scroll (an operation unfolded, the filter cleared): follow the page's height too.
    const layout = new ResizeObserver(update);
    layout.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      layout.disconnect();
      window.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, [key]);
  const link = (id: string, label: string) => (
    <a
      href={`#${id}`}
      aria-current={active === id ? "location" : undefined}
      className={cn(
        "block truncate rounded px-2 py-1 text-muted-foreground hover:bg-accent hover:text-foreground",
        active === id && "bg-accent font-medium text-foreground",
      )}
    >
      {label}
    </a>
  );
  return (
    <nav aria-label="On this page" className="text-sm">
      <p className="mb-2 px-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">On this page</p>
      <ul className="flex flex-col">
        {entries.map((entry) => (
          <li key={entry.id}>
            {link(entry.id, entry.label)}
            {entry.children?.length ? (
              <ul className="ml-3 border-l pl-1">
                {entry.children.map((child) => (
                  <li key={child.id}>{link(child.id, child.label)}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}
