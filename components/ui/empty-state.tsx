import type { ComponentProps, ComponentType, ReactNode } from "react";
import { cn } from "./cn";

interface EmptyStateProps extends Omit<ComponentProps<"div">, "title"> {
  icon?: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  title: ReactNode;
  description?: ReactNode;
}

/** A bordered placeholder that says plainly why there is nothing to show, and optionally what to do. */
export function EmptyState({ icon: Icon, title, description, children, className, ...props }: EmptyStateProps) {
  return (
    <div className={cn("flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center", className)} {...props}>
      {Icon ? (
        <div className="flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Icon className="size-5" aria-hidden />
        </div>
      ) : null}
      <div className="flex max-w-md flex-col gap-1">
        <p className="text-base font-semibold">{title}</p>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </div>
  );
}
