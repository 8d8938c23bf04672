"use client";

import { RotateCwIcon, TriangleAlertIcon } from "lucide-react";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

/** Unexpected failures while rendering a page. In production the message of a server error is generic. */
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = error instanceof Error && "digest" in error && typeof error.digest === "string" ? error.digest : null;
  return (
    <>
      <PageHeader title="Something went wrong" description="This page could not be shown." />
      <EmptyState
        role="alert"
        icon={TriangleAlertIcon}
        title={error instanceof Error && error.message ? error.message : "An unexpected error occurred."}
        description={digest ? `Reference: ${digest}` : undefined}
      >
        <Button onClick={retry} variant="outline">
          <RotateCwIcon aria-hidden="true" />
          Try again
        </Button>
      </EmptyState>
    </>
  );
}
