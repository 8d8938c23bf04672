import type { SecuritySchemeView } from "@/lib/reference/view-model";
import { RichText } from "./rich-text";
import { Section } from "./section";

export function SecuritySchemes({ schemes }: { schemes: SecuritySchemeView[] }) {
  return (
    <Section id="authentication" title="Authentication" description="The credentials operations may require, by scheme name.">
      {schemes.length === 0 ? <p className="text-sm text-muted-foreground">This API declares no security schemes.</p> : null}
      <ul className="grid gap-3 md:grid-cols-2">
        {schemes.map((scheme) => (
          <li key={scheme.name} id={scheme.anchor} className="flex scroll-mt-28 flex-col gap-1 rounded-lg border bg-card p-4">
            <h3 className="font-mono text-sm font-semibold">{scheme.name}</h3>
            <p className="text-sm">{scheme.summary}</p>
            {scheme.description ? <RichText text={scheme.description} /> : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}
