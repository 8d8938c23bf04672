import Link from "next/link";
import { currentOwner } from "@/lib/dashboard/session";
import { Button } from "@/components/ui/button";
import { SignOutButton } from "./sign-out-button";

/** Who is signed in, with sign-out; or a sign-in link. */
export async function AccountMenu() {
  const owner = await currentOwner();
  if (!owner) {
    return (
      <Button asChild variant="outline" size="sm">
        <Link href="/sign-in">Sign in</Link>
      </Button>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <span className="hidden max-w-40 truncate text-sm text-muted-foreground md:inline" title={owner.user.name ?? undefined}>
        {owner.user.name}
      </span>
      <SignOutButton />
    </div>
  );
}
