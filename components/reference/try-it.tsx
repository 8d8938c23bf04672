"use client";

import { useId, useState } from "react";
import { SendIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { bearer, type HttpCall } from "@/lib/reference/samples";
import type { TryOperationView } from "@/lib/reference/try-operation";
import { StatusBadge } from "./badges";
import { RequestSample } from "./request-sample";
import { useSampleKey } from "./sample-key";

interface Answer {
  status: number;
  ms: number;
  headers: [string, string][];
  body: string;
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function buildCall(op: TryOperationView, apiBase: string, values: Record<string, string>, body: string, auth: readonly [string, string] | null): HttpCall {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[`path:${name}`] ?? ""));
  const query = new URLSearchParams();
  const headers: (readonly [string, string])[] = auth ? [auth] : [];
  for (const p of op.parameters) {
    const value = values[`${p.location}:${p.name}`] ?? "";
    if (!value) continue;
    if (p.location === "query") query.set(p.name, value);
    if (p.location === "header") headers.push([p.name, value]);
  }
  let parsedBody: unknown;
  if (op.body !== null) {
    try {
      parsedBody = JSON.parse(body);
    } catch {
      parsedBody = body;
    }
  }
  return { method: op.method, url: `${apiBase}${path}${query.size ? `?${query}` : ""}`, headers, ...(op.body !== null && { body: parsedBody }) };
}

/** Samples of an operation (curl, TypeScript) and a panel that sends it to this deployment and shows the answer. */
export function TryIt({ op, apiBase }: { op: TryOperationView; apiBase: string }) {
  const id = useId();
  const key = useSampleKey();
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(op.parameters.map((p) => [`${p.location}:${p.name}`, p.example])));
  const [body, setBody] = useState(op.body ?? "");
  const [pending, setPending] = useState(false);
  const [answer, setAnswer] = useState<Answer | { error: string } | null>(null);
  const editable = op.parameters.filter((p) => p.location !== "cookie");
  const sample = buildCall(op, apiBase, values, body, key.sendsKey ? bearer(key.shown) : null);

  async function send() {
    setPending(true);
    setAnswer(null);
    const secret = await key.secret();
    const call = buildCall(op, apiBase, values, body, secret ? bearer(secret) : null);
    const started = performance.now();
    try {
      const res = await fetch(call.url, {
        method: call.method.toUpperCase(),
        headers: Object.fromEntries([...call.headers, ...(op.body !== null ? [["Content-Type", "application/json"] as const] : [])]),
        ...(op.body !== null && { body }),
      });
      const text = await res.text();
      setAnswer({ status: res.status, ms: Math.round(performance.now() - started), headers: [...res.headers.entries()], body: pretty(text) });
    } catch (err) {
      setAnswer({ error: `The request did not get an answer: ${err instanceof Error ? err.message : String(err)}` });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="flex min-w-0 flex-col gap-4">
      {editable.length > 0 ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {editable.map((p) => {
            const field = `${p.location}:${p.name}`;
            return (
              <div key={field} className="flex flex-col gap-1">
                <label htmlFor={`${id}-${field}`} className="text-xs font-medium">
                  <code>{p.name}</code>{" "}
                  <span className="text-muted-foreground">
                    ({p.location}
                    {p.required ? ", required" : ""})
                  </span>
                </label>
                <Input
                  id={`${id}-${field}`}
                  value={values[field] ?? ""}
                  onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
                  className="h-8 font-mono text-xs"
                />
              </div>
            );
          })}
        </div>
      ) : null}
      {op.body !== null ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-body`} className="text-xs font-medium">
            Request body (JSON)
          </label>
          <textarea
            id={`${id}-body`}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            rows={Math.min(12, body.split("\n").length + 1)}
            spellCheck={false}
            className="rounded-md border border-input bg-transparent p-2 font-mono text-xs"
          />
        </div>
      ) : null}
      <RequestSample call={sample} />
      <Button onClick={send} disabled={pending} className="self-start">
        <SendIcon aria-hidden="true" />
        {pending ? "Sending…" : "Send request"}
      </Button>
      {answer ? (
        "error" in answer ? (
          <p role="alert" className="text-sm text-destructive">
            {answer.error}
          </p>
        ) : (
          <section aria-label="Response" className="flex min-w-0 flex-col gap-2 rounded-md border p-3">
            <p className="flex items-center gap-2 text-sm">
              <StatusBadge status={answer.status} />
              <span className="text-muted-foreground">in {answer.ms} ms</span>
            </p>
            <details>
              <summary className="cursor-pointer text-xs text-muted-foreground">Headers ({answer.headers.length})</summary>
              <dl className="mt-2 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-0.5 font-mono text-xs">
                {answer.headers.map(([name, value]) => (
                  <div key={name} className="contents">
                    <dt className="text-muted-foreground">{name}</dt>
                    <dd className="break-all">{value}</dd>
                  </div>
                ))}
              </dl>
            </details>
            <pre data-testid="try-it-body" className="max-h-96 overflow-auto whitespace-pre-wrap break-words rounded bg-muted/40 p-2 text-xs">
              {answer.body}
            </pre>
          </section>
        )
      ) : null}
    </div>
  );
}
