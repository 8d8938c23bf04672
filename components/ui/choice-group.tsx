"use client";

import { useId } from "react";
import { cn } from "@/components/ui/cn";

export interface Choice<V extends string> {
  value: V;
  label: string;
  description?: string;
}

/** Radio buttons as cards; each radio is named by its label alone, its description attached to it. */
export function ChoiceGroup<V extends string>({
  legend,
  choices,
  value,
  onChange,
  layout = "cards",
  describedBy,
}: {
  legend: string;
  choices: readonly Choice<V>[];
  value: V;
  onChange: (value: V) => void;
  /** cards: two columns with descriptions; inline: one wrapping row of short labels. */
  layout?: "cards" | "inline";
  describedBy?: string;
}) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={describedBy}>
      <legend className="mb-2 text-sm font-medium leading-none">{legend}</legend>
      <div className={cn("gap-2", layout === "cards" ? "grid sm:grid-cols-2" : "flex flex-wrap")}>
        {choices.map((choice, i) => (
          <label
            key={choice.value}
            className={cn(
              "flex cursor-pointer items-start gap-2.5 rounded-md border px-3 py-2 text-sm transition-colors hover:bg-accent/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
              choice.value === value && "border-primary bg-accent/40",
            )}
          >
            <input
              type="radio"
              name={id}
              value={choice.value}
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
              aria-labelledby={`${id}-${i}-label`}
              aria-describedby={choice.description ? `${id}-${i}-description` : undefined}
              className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-none"
            />
            <span className="flex min-w-0 flex-col gap-0.5">
              <span id={`${id}-${i}-label`} className="font-medium">
                {choice.label}
              </span>
              {choice.description ? (
                <span id={`${id}-${i}-description`} className="text-xs text-muted-foreground">
                  {choice.description}
                </span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
