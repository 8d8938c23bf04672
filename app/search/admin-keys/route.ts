import { ownerRead, ownerSearchClient } from "@/lib/dashboard/api";

/** Administrators: every owner's search keys matching `?query=` (the API refuses others with 403). */
export async function GET(request: Request): Promise<Response> {
  const search = (new URL(request.url).searchParams.get("query") ?? "").slice(0, 200);
  return ownerRead("use the search console", async (ownerId) => (await ownerSearchClient(ownerId)).findKeys(search));
}
