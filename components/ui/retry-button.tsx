"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { RotateCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

/** Renders the page again on the server, fetching its data anew. */
export function RetryButton() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <Button variant="outline" disabled={pending} onClick={() => startTransition(() => router.refresh())}>
      <RotateCwIcon className={pending ? "animate-spin" : undefined} aria-hidden="true" />
      {pending ? "Trying again…" : "Try again"}
    </Button>
  );
}
