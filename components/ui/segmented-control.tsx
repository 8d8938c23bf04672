"use client";

import { cn } from "@/components/ui/cn";

/**
 * A few exclusive options side by side (chart intervals, sample languages): buttons with radio semantics
 * inside a radiogroup (WAI-ARIA radio group pattern), the chosen one raised.
 */
export function SegmentedControl<V extends string>({
  label,
  options,
  value,
  onChange,
  optionLabel = (option) => option,
  mono = false,
  className,
}: {
  /** The group's accessible name. */
  label: string;
  options: readonly V[];
  value: V;
  onChange: (value: V) => void;
  optionLabel?: (option: V) => string;
  /** Options in the monospace face (figures, intervals). */
  mono?: boolean;
  className?: string;
}) {
  return (
    <div role="radiogroup" aria-label={label} className={cn("inline-flex gap-0.5 rounded-md bg-muted p-0.5 text-xs", className)}>
      {options.map((option) => (
        // biome-ignore lint/a11y/useSemanticElements: a segmented control: buttons with radio semantics inside a radiogroup
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={option === value}
          onClick={() => onChange(option)}
          className={cn(
            "rounded px-2 py-0.5",
            mono && "font-mono",
            option === value ? "bg-background font-medium text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
          )}
        >
          {optionLabel(option)}
        </button>
      ))}
    </div>
  );
}
