"use client";

import { useId, type ReactNode } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/components/ui/cn";

const selectClass =
  "h-9 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50";

/** A decimal input (price, size, dollars) with its label, and its error or a hint under it. */
export function DecimalField({
  label,
  value,
  onChange,
  error,
  hint,
  disabled,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
  disabled?: boolean;
  placeholder?: string;
}) {
  const id = useId();
  const note = error ?? hint;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        disabled={disabled}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? `${id}-note` : undefined}
        className="font-mono tabular-nums"
      />
      {note ? (
        <p id={`${id}-note`} className={cn("text-xs", error ? "text-destructive" : "text-muted-foreground")}>
          {note}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled native select: works the same with a mouse, a keyboard and a phone's picker. */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
  compact,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  disabled?: boolean;
  /** Label beside the select, for a filter in a toolbar. */
  compact?: boolean;
}) {
  const id = useId();
  return (
    <div className={compact ? "flex items-center gap-2" : "flex flex-col gap-1.5"}>
      <Label htmlFor={id} className={compact ? "shrink-0 text-xs text-muted-foreground" : undefined}>
        {label}
      </Label>
      <select
        id={id}
        className={cn(selectClass, compact && "h-8 text-xs")}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(options.find((o) => o.value === e.target.value)?.value ?? value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A labelled checkbox. */
export function Checkbox({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <label className={cn("flex items-center gap-2 text-sm", disabled && "text-muted-foreground")}>
      <input type="checkbox" className="size-4 accent-primary" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}
