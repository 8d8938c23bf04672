import { AtSignIcon, PhoneIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { SearchResponseView } from "@/lib/client/search";

type Contact = NonNullable<SearchResponseView["contacts"]>[number];
type Profile = NonNullable<SearchResponseView["social_profiles"]>[number];

/** Contacts and social profiles found on the scraped pages, each with the page it was found on. */
export function FoundItems({ contacts, profiles }: { contacts?: readonly Contact[]; profiles?: readonly Profile[] }) {
  if (!contacts && !profiles) return null;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {contacts ? (
        <section aria-label="Contacts" className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">Contacts</h3>
          {contacts.length === 0 ? (
            <p className="text-sm text-muted-foreground">None found on the scraped pages.</p>
          ) : (
            <ul className="divide-y rounded-md border text-sm">
              {contacts.map((c) => (
                <li key={`${c.type}:${c.value}`} className="flex flex-col gap-0.5 px-3 py-2">
                  <span className="flex items-center gap-2">
                    {c.type === "email" ? <AtSignIcon className="size-3.5" aria-label="email" /> : <PhoneIcon className="size-3.5" aria-label="phone" />}
                    <span className="break-all font-mono text-xs">{c.value}</span>
                  </span>
                  <span className="truncate text-xs text-muted-foreground">on {c.source_url}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      {profiles ? (
        <section aria-label="Social profiles" className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">Social profiles</h3>
          {profiles.length === 0 ? (
            <p className="text-sm text-muted-foreground">None found on the scraped pages.</p>
          ) : (
            <ul className="divide-y rounded-md border text-sm">
              {profiles.map((p) => (
                <li key={p.url} className="flex flex-col gap-0.5 px-3 py-2">
                  <span className="flex items-center gap-2">
                    <Badge variant="outline">{p.platform}</Badge>
                    <a href={p.url} target="_blank" rel="noreferrer noopener" className="break-all text-primary underline-offset-4 hover:underline">
                      {p.handle}
                    </a>
                  </span>
                  <span className="truncate text-xs text-muted-foreground">on {p.source_url}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
