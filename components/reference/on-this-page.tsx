import type { ReferenceView } from "@/lib/reference/view-model";

const linkClass = "block truncate rounded px-2 py-1 text-muted-foreground hover:bg-accent hover:text-foreground";

/** The page's table of contents, shown beside the content on wide screens. */
export function OnThisPage({ view }: { view: ReferenceView }) {
  return (
    <nav aria-label="On this page" className="text-sm">
      <p className="mb-2 px-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">On this page</p>
      <ul className="flex flex-col">
        <li>
          <a href="#overview" className={linkClass}>
            Overview
          </a>
        </li>
        <li>
          <a href="#authentication" className={linkClass}>
            Authentication
          </a>
        </li>
        <li>
          <a href="#endpoints" className={linkClass}>
            Endpoints
          </a>
          <ul className="ml-3 border-l pl-1">
            {view.groups.map((group) => (
              <li key={group.anchor}>
                <a href={`#${group.anchor}`} className={linkClass}>
                  {group.tag}
                </a>
              </li>
            ))}
          </ul>
        </li>
        <li>
          <a href="#schemas" className={linkClass}>
            Schemas
          </a>
        </li>
        <li>
          <a href="#errors" className={linkClass}>
            Errors
          </a>
        </li>
      </ul>
    </nav>
  );
}
