"use client";

// Short notices (an order filled, partly filled or refused) that go away by themselves, in the
// bottom-left corner, away from the ticket's send button. `toast()` may be called from anywhere in the
// browser; <Toaster /> (in the root layout) shows them.

import { useSyncExternalStore } from "react";
import { XIcon } from "lucide-react";
import { cn } from "./cn";

export type ToastTone = "success" | "info" | "warning" | "destructive";

interface Toast {
  id: number;
  title: string;
  description?: string;
  tone: ToastTone;
}

const SHOWN_MS = 6_000;
const MAX_SHOWN = 4;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const NONE: readonly Toast[] = [];

function publish(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function dismiss(id: number): void {
  publish(toasts.filter((t) => t.id !== id));
}

export function toast(notice: Omit<Toast, "id">): void {
  const id = nextId++;
  publish([...toasts, { ...notice, id }].slice(-MAX_SHOWN));
  setTimeout(() => dismiss(id), SHOWN_MS);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const TONES: Record<ToastTone, string> = {
  success: "border-success/50",
  info: "border-info/50",
  warning: "border-warning/50",
  destructive: "border-destructive/50",
};

export function Toaster() {
  const shown = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => NONE,
  );
  return (
    <ol
      aria-live="polite"
      aria-label="Notifications"
      className="pointer-events-none fixed bottom-3 left-3 z-50 flex w-80 max-w-[calc(100vw-1.5rem)] flex-col gap-2"
    >
      {shown.map((t) => (
        <li
          key={t.id}
          data-testid="toast"
          data-tone={t.tone}
          className={cn(
            "pointer-events-auto flex items-start gap-2 rounded-lg border-l-4 border bg-popover p-3 text-sm text-popover-foreground shadow-lg",
            TONES[t.tone],
          )}
        >
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <p className="font-medium">{t.title}</p>
            {t.description ? <p className="text-xs text-muted-foreground">{t.description}</p> : null}
          </div>
          <button type="button" onClick={() => dismiss(t.id)} aria-label="Dismiss" className="rounded p-0.5 text-muted-foreground hover:text-foreground">
            <XIcon className="size-4" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ol>
  );
}
