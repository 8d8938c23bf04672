"use client";

import "@fontsource-variable/inter";
import "./globals.css";

/** Replaces the root layout when it fails, so it brings its own document and the default (dark) theme. */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = error instanceof Error && "digest" in error && typeof error.digest === "string" ? error.digest : null;
  return (
    <html lang="en" className="dark">
      <body className="min-h-dvh">
        <title>Something went wrong · Bourse</title>
        <main className="mx-auto flex max-w-xl flex-col items-start gap-4 px-6 py-16">
          <h1 className="text-2xl font-semibold tracking-tight">Bourse could not be shown</h1>
          <p role="alert" className="text-muted-foreground">
            An unexpected error stopped the dashboard from rendering.{digest ? ` Reference: ${digest}.` : ""}
          </p>
          <button type="button" onClick={retry} className="rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground hover:bg-primary/90">
            Try again
          </button>
        </main>
      </body>
    </html>
  );
}
