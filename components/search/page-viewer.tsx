"use client";

import { Badge } from "@/components/ui/badge";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { ScrapeResponseView } from "@/lib/client/search";
import { MarkdownView } from "./markdown-view";

export type WirePage = ScrapeResponseView["primary_content"];

const PAGE_TYPE_NAMES: Record<NonNullable<WirePage["page_type"]>, string> = {
  article: "article",
  forum: "forum thread",
  product: "product page",
  collection: "product collection",
  listing: "listing",
  documentation: "documentation",
  service: "service page",
};

const PRE = "max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-md border bg-muted/30 p-3 text-xs leading-relaxed";

function Links({ links }: { links: NonNullable<WirePage["links"]> }) {
  if (links.length === 0) return <p className="text-sm text-muted-foreground">No links on the page.</p>;
  return (
    <ul className="max-h-96 divide-y overflow-auto rounded-md border text-sm">
      {links.map((l, i) => (
        <li key={`${l.url}-${i}`} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:items-center sm:gap-3">
          <Badge variant={l.internal ? "secondary" : "outline"} className="w-fit">
            {l.internal ? "internal" : "external"}
          </Badge>
          <span className="min-w-0 flex-1">
            <span className="block truncate">{l.text || "(no text)"}</span>
            <span className="block truncate font-mono text-xs text-muted-foreground">{l.url}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

// Images are listed, not loaded: the console does not make the browser fetch from the scraped site.
function Images({ images }: { images: NonNullable<WirePage["images"]> }) {
  if (images.length === 0) return <p className="text-sm text-muted-foreground">No images on the page.</p>;
  return (
    <ul className="max-h-96 divide-y overflow-auto rounded-md border text-sm">
      {images.map((img, i) => (
        <li key={`${img.src}-${i}`} className="flex flex-col gap-0.5 px-3 py-2">
          <span>{img.alt || <span className="text-muted-foreground">(no alt text)</span>}</span>
          <a href={img.src} target="_blank" rel="noreferrer noopener" className="break-all font-mono text-xs text-primary underline-offset-4 hover:underline">
            {img.src}
          </a>
        </li>
      ))}
    </ul>
  );
}

function Metadata({ metadata }: { metadata: NonNullable<WirePage["metadata"]> }) {
  const facts = [
    ["Description", metadata.description],
    ["Canonical URL", metadata.canonical],
    ["Language", metadata.language],
    ["Published", metadata.published_at],
  ].filter((f): f is [string, string] => Boolean(f[1]));
  const pairs = (record: Record<string, string>) => Object.entries(record);
  return (
    <div className="flex flex-col gap-3 text-sm">
      {facts.length > 0 ? (
        <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 gap-y-1">
          {facts.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-muted-foreground">{k}</dt>
              <dd className="break-words">{v}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-muted-foreground">No description, canonical URL, language or date.</p>
      )}
      {(["open_graph", "twitter"] as const).map((group) =>
        pairs(metadata[group]).length > 0 ? (
          <div key={group}>
            <h4 className="mb-1 text-xs font-semibold uppercase text-muted-foreground">{group === "open_graph" ? "Open Graph" : "Twitter card"}</h4>
            <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 gap-y-1">
              {pairs(metadata[group]).map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="font-mono text-xs text-muted-foreground">{k}</dt>
                  <dd className="break-words">{v}</dd>
                </div>
              ))}
            </dl>
          </div>
        ) : null,
      )}
      {metadata.json_ld.length > 0 ? (
        <div>
          <h4 className="mb-1 text-xs font-semibold uppercase text-muted-foreground">JSON-LD</h4>
          <pre className={PRE}>{JSON.stringify(metadata.json_ld, null, 2)}</pre>
        </div>
      ) : null}
    </div>
  );
}

/** One scraped page: what it is, and each extracted part in its own tab; a failed page says why. */
export function PageViewer({ page, label }: { page: WirePage; label: string }) {
  const parts = [
    page.markdown !== undefined ? { id: "markdown", name: "Markdown", body: <MarkdownView source={page.markdown} /> } : null,
    page.text !== undefined ? { id: "text", name: "Text", body: <pre className={PRE}>{page.text || "(no main text)"}</pre> } : null,
    page.markdown !== undefined ? { id: "source", name: "Markdown source", body: <pre className={PRE}>{page.markdown || "(no main text)"}</pre> } : null,
    page.links ? { id: "links", name: `Links (${page.links.length})`, body: <Links links={page.links} /> } : null,
    page.images ? { id: "images", name: `Images (${page.images.length})`, body: <Images images={page.images} /> } : null,
    page.metadata ? { id: "metadata", name: "Metadata", body: <Metadata metadata={page.metadata} /> } : null,
  ].filter((p) => p !== null);
  return (
    <article aria-label={label} className="flex flex-col gap-3 rounded-lg border p-4">
      <header className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">{page.error ? "Could not scrape" : page.title || "(untitled page)"}</h3>
          {page.status_code !== undefined ? <Badge variant={page.error ? "destructive" : "secondary"}>HTTP {page.status_code}</Badge> : null}
          {page.page_type ? (
            <Badge variant="outline" data-testid="page-type" title="What kind of page the main content was read as (page_type)">
              {PAGE_TYPE_NAMES[page.page_type]}
            </Badge>
          ) : null}
        </div>
        <a href={page.url} target="_blank" rel="noreferrer noopener" className="break-all font-mono text-xs text-primary underline-offset-4 hover:underline">
          {page.url}
        </a>
        {page.final_url && page.final_url !== page.url ? (
          <p className="break-all font-mono text-xs text-muted-foreground">redirected to {page.final_url}</p>
        ) : null}
      </header>
      {page.error ? (
        <p className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          <code className="font-mono text-xs">{page.error.code}</code>: {page.error.message}. Its credits were refunded.
        </p>
      ) : parts.length === 0 ? (
        <p className="text-sm text-muted-foreground">Only the title was asked for.</p>
      ) : (
        <Tabs defaultValue={parts[0]!.id}>
          <TabsList>
            {parts.map((p) => (
              <TabsTrigger key={p.id} value={p.id}>
                {p.name}
              </TabsTrigger>
            ))}
          </TabsList>
          {parts.map((p) => (
            <TabsContent key={p.id} value={p.id}>
              {p.body}
            </TabsContent>
          ))}
        </Tabs>
      )}
    </article>
  );
}
