import { LockIcon, LockOpenIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { SecurityAlternative } from "@/lib/reference/view-model";

/** Who may call an operation: public, or any one of the alternatives (each a set of schemes together). */
export function SecurityLine({ security }: { security: SecurityAlternative[] }) {
  if (security.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <LockOpenIcon className="size-4" aria-hidden="true" />
        Public: no credentials needed.
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
      <LockIcon className="size-4" aria-hidden="true" />
      <span>Requires</span>
      {security.map((alternative, i) => (
        <span key={i} className="flex flex-wrap items-center gap-1">
          {i > 0 ? <span>or</span> : null}
          {alternative.schemes.length === 0 ? (
            <span>no credentials</span>
          ) : (
            alternative.schemes.map((scheme, j) => (
              <span key={scheme.name} className="flex items-center gap-1">
                {j > 0 ? <span>and</span> : null}
                <Badge variant="outline" className="font-mono">
                  {scheme.anchor ? <a href={`#${scheme.anchor}`}>{scheme.name}</a> : scheme.name}
                  {scheme.scopes.length > 0 ? <span className="text-muted-foreground">({scheme.scopes.join(", ")})</span> : null}
                </Badge>
              </span>
            ))
          )}
        </span>
      ))}
    </div>
  );
}
