"use client";

import { useId, useState, type FormEvent } from "react";
import { ScanTextIcon } from "lucide-react";
import { SubmitButton } from "@/components/ui/submit-button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { EXTRACT_OPTIONS, scrapeRequest, type ScrapeRequest } from "@/lib/web/contract/scrape";
import type { Plan } from "@/lib/billing/plans";
import { issuesByField, scrapeCostText } from "./console-view";
import { GatedOption } from "./gated-option";
import { useFieldErrors } from "./use-field-errors";
import { NumberField } from "./number-field";
import { Form } from "@/components/ui/form";

type ExtractOption = (typeof EXTRACT_OPTIONS)[number];
const EXTRACT_LABELS: Record<ExtractOption, string> = {
  title: "Title",
  text: "Text (and Markdown)",
  links: "Links",
  images: "Images",
  metadata: "Metadata",
  all: "All of them",
};

/** Every option of POST /v1/scrape, checked with the API's own schema before it is sent. */
export function ScrapeForm({
  plan,
  pending,
  disabled,
  onRun,
  onEdit,
  onChangePlan,
  initial,
}: {
  plan: Plan | undefined;
  pending: boolean;
  disabled: boolean;
  onRun: (request: ScrapeRequest) => void;
  /** Any change of the form: the last refusal no longer describes it. */
  onEdit: () => void;
  onChangePlan: ((plan: Plan) => void) | null;
  /** A request to start from (a run chosen in the history). */
  initial?: ScrapeRequest;
}) {
  const id = useId();
  const [url, setUrl] = useState(initial?.url ?? "");
  const [extract, setExtract] = useState<ExtractOption[]>(initial?.extract_options ?? ["title", "text"]);
  const [follow, setFollow] = useState(initial?.follow_internal_links ?? false);
  const [maxPages, setMaxPages] = useState(String(initial?.max_pages ?? 10));
  const [contacts, setContacts] = useState(initial?.include_contacts ?? false);
  const { errors, setErrors, edited } = useFieldErrors(onEdit);
  const pages = Number(maxPages);

  const toggle = edited("extract_options", (option: ExtractOption, on: boolean) =>
    setExtract((current) => (on ? [...current, option] : current.filter((o) => o !== option))),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = scrapeRequest.safeParse({
      url,
      extract_options: EXTRACT_OPTIONS.filter((o) => extract.includes(o)),
      follow_internal_links: follow,
      max_pages: pages,
      include_contacts: contacts,
    });
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues));
    setErrors({});
    onRun(parsed.data);
  }

  return (
    <Form onSubmit={submit} noValidate aria-label="Scrape" className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-url`}>URL</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={`${id}-url`}
            type="url"
            value={url}
            onChange={(e) => edited("url", setUrl)(e.target.value)}
            placeholder="https://example.com/about"
            aria-invalid={errors.url ? true : undefined}
            aria-describedby={`${id}-url-hint`}
          />
          <SubmitButton disabled={pending || disabled} className="sm:w-32">
            <ScanTextIcon aria-hidden="true" />
            {pending ? "Scraping…" : "Scrape"}
          </SubmitButton>
        </div>
        <p id={`${id}-url-hint`} className={errors.url ? "text-xs text-destructive" : "text-xs text-muted-foreground"}>
          {errors.url ? `URL ${errors.url}.` : "One page per request, fetched under the server's rules (public addresses only, robots.txt respected)."}
        </p>
      </div>
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.extract_options ? `${id}-extract-error` : undefined}>
        <legend className="mb-2 text-sm font-medium">Extract</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {EXTRACT_OPTIONS.map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={extract.includes(option)} onChange={(e) => toggle(option, e.target.checked)} className="size-4 accent-primary" />
              {EXTRACT_LABELS[option]}
            </label>
          ))}
        </div>
        {errors.extract_options ? (
          <p id={`${id}-extract-error`} className="text-xs text-destructive">
            Extract {errors.extract_options}.
          </p>
        ) : null}
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">More pages and contacts</legend>
        <GatedOption
          feature="follow_internal_links"
          plan={plan}
          checked={follow}
          onChange={edited("follow_internal_links", setFollow)}
          onChangePlan={onChangePlan}
          hint="Also scrape the pages of the same site it links to, breadth first."
        />
        <NumberField
          label="Most discovered pages"
          value={maxPages}
          onChange={edited("max_pages", setMaxPages)}
          min={1}
          max={50}
          error={errors.max_pages}
          disabled={!follow}
        />
        <GatedOption
          feature="include_contacts"
          plan={plan}
          checked={contacts}
          onChange={edited("include_contacts", setContacts)}
          onChangePlan={onChangePlan}
          hint="Emails and phone numbers from every scraped page."
        />
      </fieldset>
      <p className="text-xs text-muted-foreground">{Number.isInteger(pages) && pages >= 1 && pages <= 50 ? scrapeCostText(follow, pages) : null}</p>
    </Form>
  );
}
