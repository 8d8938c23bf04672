"use client";

import { Fragment, type ReactNode, useDeferredValue, useId, useState } from "react";
import { SearchIcon } from "lucide-react";
import { Input } from "@/components/ui/input";

export interface BrowsedGroup {
  tag: string;
  anchor: string;
  description: ReactNode;
  operations: { anchor: string /** Method, path, summary and operation id, for the search. */; text: string; card: ReactNode }[];
}

function matches(text: string, words: readonly string[]): boolean {
  const hay = text.toLowerCase();
  return words.every((w) => hay.includes(w));
}

/** The operations by tag, with a search over method, path, summary and operation id. */
export function OperationBrowser({ groups }: { groups: readonly BrowsedGroup[] }) {
  const id = useId();
  const [text, setText] = useState("");
  const query = useDeferredValue(text);
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = groups
    .map((g) => ({ ...g, operations: g.operations.filter((op) => matches(`${g.tag} ${op.text}`, words)) }))
    .filter((g) => g.operations.length > 0);
  const count = shown.reduce((n, g) => n + g.operations.length, 0);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-find`} className="text-sm font-medium">
          Find an operation
        </label>
        <div className="relative max-w-md">
          <SearchIcon className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden="true" />
          <Input
            id={`${id}-find`}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="orders, GET /markets, cancel…"
            className="pl-8"
          />
        </div>
        <p aria-live="polite" className="text-xs text-muted-foreground">
          {words.length === 0
            ? `${count} operations; each opens to its fields, samples and try-it.`
            : `${count} ${count === 1 ? "operation matches" : "operations match"}.`}
        </p>
      </div>
      {shown.map((group) => (
        <div key={group.tag} id={group.anchor} className="flex scroll-mt-28 flex-col gap-3">
          <h3 className="text-lg font-semibold">{group.tag}</h3>
          {group.description}
          <div className="flex flex-col gap-2">
            {group.operations.map((op) => (
              <Fragment key={op.anchor}>{op.card}</Fragment>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
