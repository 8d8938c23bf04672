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
      <Link href="/settings" className="max-w-28 truncate rounded-md text-sm text-muted-foreground hover:text-foreground sm:max-w-40" title="Settings">
        {owner.user.name ?? "Settings"}
      </Link>
      <SignOutButton />
    </div>
  );
}
