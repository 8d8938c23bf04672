"use client";

import { useId, useState, type FormEvent } from "react";
import { SearchIcon } from "lucide-react";
import { SubmitButton } from "@/components/ui/submit-button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { QUERY_MAX_LENGTH, searchRequest, type SearchRequest } from "@/lib/web/contract/search";
import type { Plan } from "@/lib/billing/plans";
import { issuesByField, searchCostText } from "./console-view";
import { GatedOption } from "./gated-option";
import { useFieldErrors } from "./use-field-errors";
import { NumberField } from "./number-field";
import { Form } from "@/components/ui/form";

/** Every option of POST /v1/search, checked with the API's own schema before it is sent. */
export function SearchForm({
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
  onRun: (request: SearchRequest) => void;
  /** Any change of the form: the last refusal no longer describes it. */
  onEdit: () => void;
  onChangePlan: ((plan: Plan) => void) | null;
  /** A request to start from (a run chosen in the history). */
  initial?: SearchRequest;
}) {
  const id = useId();
  const [query, setQuery] = useState(initial?.query ?? "");
  const [maxResults, setMaxResults] = useState(String(initial?.max_results ?? 10));
  const [autoScrapeTop, setAutoScrapeTop] = useState(String(initial?.auto_scrape_top ?? 0));
  const [contacts, setContacts] = useState(initial?.include_contacts ?? false);
  const [social, setSocial] = useState(initial?.include_social ?? false);
  const { errors, setErrors, edited } = useFieldErrors(onEdit);
  const scrapeTop = Number(autoScrapeTop);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = searchRequest.safeParse({
      query,
      max_results: Number(maxResults),
      auto_scrape_top: scrapeTop,
      include_contacts: contacts,
      include_social: social,
    });
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues));
    setErrors({});
    onRun(parsed.data);
  }

  return (
    <Form onSubmit={submit} noValidate aria-label="Search" className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-query`}>Query</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={`${id}-query`}
            type="search"
            value={query}
            onChange={(e) => edited("query", setQuery)(e.target.value)}
            maxLength={QUERY_MAX_LENGTH}
            placeholder='reusable rockets "liquid oxygen" -solid'
            aria-invalid={errors.query ? true : undefined}
            aria-describedby={`${id}-query-hint`}
          />
          <SubmitButton disabled={pending || disabled} className="sm:w-32">
            <SearchIcon aria-hidden="true" />
            {pending ? "Searching…" : "Search"}
          </SubmitButton>
        </div>
        <p id={`${id}-query-hint`} className={errors.query ? "text-xs text-destructive" : "text-xs text-muted-foreground"}>
          {errors.query ? `Query ${errors.query}.` : 'Quote a phrase, write "or" between alternatives, put - before a word to exclude it.'}
        </p>
      </div>
      <div className="flex flex-wrap gap-6">
        <NumberField label="Results" value={maxResults} onChange={edited("max_results", setMaxResults)} min={1} max={50} error={errors.max_results} />
        <NumberField
          label="Scrape the top"
          value={autoScrapeTop}
          onChange={edited("auto_scrape_top", setAutoScrapeTop)}
          min={0}
          max={10}
          error={errors.auto_scrape_top}
        />
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">Found on the scraped pages</legend>
        <GatedOption
          feature="include_contacts"
          plan={plan}
          checked={contacts}
          onChange={edited("include_contacts", setContacts)}
          onChangePlan={onChangePlan}
          hint="Emails and phone numbers from the pages scraped above."
        />
        <GatedOption
          feature="include_social"
          plan={plan}
          checked={social}
          onChange={edited("include_social", setSocial)}
          onChangePlan={onChangePlan}
          hint="Profiles on X, LinkedIn, GitHub and others linked from those pages."
        />
      </fieldset>
      <p className="text-xs text-muted-foreground">{Number.isInteger(scrapeTop) && scrapeTop >= 0 && scrapeTop <= 10 ? searchCostText(scrapeTop) : null}</p>
    </Form>
  );
}
