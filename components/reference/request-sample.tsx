"use client";

import { useState } from "react";
import { CheckIcon, CopyIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { curlCommand, fetchSnippet, type HttpCall } from "@/lib/reference/samples";

const LANGUAGES = { curl: { label: "curl", build: curlCommand }, ts: { label: "TypeScript", build: fetchSnippet } } as const;
type Language = keyof typeof LANGUAGES;

/** Copies text, and says so for a moment. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    await navigator.clipboard.writeText(text);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  }
  return (
    <Button variant="outline" size="sm" onClick={copy} aria-label={label}>
      {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
      {copied ? "Copied" : label}
    </Button>
  );
}

/** A request as a curl command or a TypeScript fetch, with a copy button. */
export function RequestSample({ call, languages = ["curl", "ts"] }: { call: HttpCall; languages?: readonly Language[] }) {
  const [language, setLanguage] = useState<Language>(languages[0] ?? "curl");
  const text = LANGUAGES[language].build(call);
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {languages.length > 1 ? (
          <SegmentedControl label="Sample language" options={languages} value={language} onChange={setLanguage} optionLabel={(l) => LANGUAGES[l].label} />
        ) : (
          <span />
        )}
        <CopyButton text={text} label={language === "curl" ? "Copy as curl" : "Copy TypeScript"} />
      </div>
      <pre
        data-testid={`sample-${language}`}
        className="max-h-80 overflow-auto whitespace-pre-wrap break-all rounded-md border bg-muted/40 p-3 text-xs leading-relaxed"
      >
        <code>{text}</code>
      </pre>
    </div>
  );
}
