import Link from "next/link";
import { cn } from "@/components/ui/cn";
import { REFERENCE_API_SLUGS, REFERENCE_APIS, type ReferenceApi } from "@/lib/reference/apis";

/** Switches the reference between the two APIs; each is its own page, so these are links. */
export function ApiSwitch({ current }: { current: ReferenceApi }) {
  return (
    <nav aria-label="API documents">
      <ul className="inline-flex h-9 items-center rounded-lg bg-muted p-1 text-muted-foreground">
        {REFERENCE_API_SLUGS.map((slug) => (
          <li key={slug} className="h-full">
            <Link
              href={`/reference/${slug}`}
              aria-current={slug === current ? "page" : undefined}
              className={cn(
                "inline-flex h-full items-center whitespace-nowrap rounded-md px-3 text-sm font-medium transition-colors hover:text-foreground",
                slug === current && "bg-background text-foreground shadow-sm",
              )}
            >
              {REFERENCE_APIS[slug].label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
