import "server-only";
import { getServerSession } from "next-auth";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { authOptions } from "./auth-options";

const sessionShape = z.object({ ownerId: z.string().min(1), user: z.object({ name: z.string().nullable() }) });
export type OwnerSession = z.infer<typeof sessionShape>;

/** The signed-in owner, or null. */
export async function currentOwner(): Promise<OwnerSession | null> {
  // Reading cookies first makes every caller render per request: never at build time, when the
  // server's services (and so the auth options) do not exist.
  await cookies();
  const parsed = sessionShape.safeParse(await getServerSession(authOptions()));
  return parsed.success ? parsed.data : null;
}

/** The signed-in owner's id; sends anyone else to sign in and back. Call in every page and server action that needs it. */
export async function requireOwnerId(returnTo = "/keys"): Promise<string> {
  const owner = await currentOwner();
  if (!owner) redirect(`/sign-in?next=${encodeURIComponent(returnTo)}`);
  return owner.ownerId;
}
