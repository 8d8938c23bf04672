import { Badge, type BadgeProps } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";

type Variant = NonNullable<BadgeProps["variant"]>;

const METHOD_VARIANT: Record<string, Variant> = {
  get: "info",
  post: "success",
  put: "warning",
  patch: "warning",
  delete: "destructive",
};

export function MethodBadge({ method, className }: { method: string; className?: string }) {
  return (
    <Badge variant={METHOD_VARIANT[method] ?? "secondary"} className={cn("w-16 justify-center font-mono uppercase", className)}>
      {method}
    </Badge>
  );
}

function statusVariant(status: string): Variant {
  switch (status[0]) {
    case "2":
      return "success";
    case "3":
      return "info";
    case "4":
      return "warning";
    case "5":
      return "destructive";
    default:
      return "secondary";
  }
}

export function StatusBadge({ status }: { status: string | number }) {
  return (
    <Badge variant={statusVariant(String(status))} className="font-mono">
      {status}
    </Badge>
  );
}

/** The "required" marker of a parameter or property: a word, not only a colour or an asterisk. */
export function RequiredMark() {
  return <span className="text-xs font-medium text-destructive">required</span>;
}
