import type { ComponentProps, ReactNode } from "react";
import { ChevronDownIcon } from "lucide-react";
import { cn } from "./cn";

/**
 * A table in a horizontally scrollable frame, which is also a size container: cells marked with
 * COLUMN.secondary or COLUMN.detail give way as the frame narrows (their values move to a RowDetail).
 */
export function Table({ className, ...props }: ComponentProps<"table">) {
  return (
    <div className="@container relative w-full overflow-x-auto">
      <table className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cn("[&_tr]:border-b", className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("border-b transition-colors hover:bg-muted/50", className)} {...props} />;
}

export function TableHead({ className, ...props }: ComponentProps<"th">) {
  return (
    <th className={cn("h-9 px-2 text-left align-middle text-xs font-medium uppercase tracking-wide text-muted-foreground @xl:px-3", className)} {...props} />
  );
}

/** The header of a column of row actions: named for screen readers, blank on screen. */
export function TableActionsHead() {
  return (
    <TableHead>
      <span className="sr-only">Actions</span>
    </TableHead>
  );
}

export function TableCell({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-2 py-2 align-top @xl:px-3", className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<"caption">) {
  return <caption className={cn("mt-3 text-sm text-muted-foreground", className)} {...props} />;
}

/**
 * Column priority of a table in a narrow frame: primary columns (no class) always show; secondary from
 * 36rem of frame width; detail from 56rem; wide from 72rem. Below the widest tier a table uses, a row's
 * RowDetail (opened by its RowDetailToggle, both given that tier as `until`) lists what is hidden.
 */
export const COLUMN = { secondary: "hidden @xl:table-cell", detail: "hidden @4xl:table-cell", wide: "hidden @6xl:table-cell" } as const;

const SHOWN_UNTIL = { detail: "@4xl:hidden", wide: "@6xl:hidden" } as const;
type Tier = keyof typeof SHOWN_UNTIL;

/** Opens a row's details while some of its columns are hidden (narrow frames only). */
export function RowDetailToggle({ open, onToggle, label, until = "detail" }: { open: boolean; onToggle(): void; label: string; until?: Tier }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-expanded={open}
      aria-label={open ? `Hide details of ${label}` : `Details of ${label}`}
      className={cn(
        "inline-flex size-7 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground",
        SHOWN_UNTIL[until],
      )}
    >
      <ChevronDownIcon className={cn("size-4 transition-transform", open && "rotate-180")} aria-hidden="true" />
    </button>
  );
}

/** The fields of a row its narrow frame does not show as columns, under the row. */
export function RowDetail({ open, items, until = "detail" }: { open: boolean; items: readonly (readonly [string, ReactNode])[]; until?: Tier }) {
  if (!open) return null;
  return (
    <tr className={cn("border-b bg-muted/20", SHOWN_UNTIL[until])} data-testid="row-detail">
      <td colSpan={99} className="px-3 py-2">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-xs @md:grid-cols-[auto_1fr_auto_1fr]">
          {items.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="text-muted-foreground">{name}</dt>
              <dd className="text-right font-mono tabular-nums @md:text-left">{value}</dd>
            </div>
          ))}
        </dl>
      </td>
    </tr>
  );
}
