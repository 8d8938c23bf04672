import Link from "next/link";
import { CompassIcon } from "lucide-react";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export const metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <>
      <PageHeader title="Page not found" description="There is no page at this address." />
      <EmptyState icon={CompassIcon} title="Nothing here" description="Check the address, or start again from the markets overview.">
        <Button asChild variant="outline">
          <Link href="/">Go to the overview</Link>
        </Button>
      </EmptyState>
    </>
  );
}
