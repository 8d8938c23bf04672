import { consoleSearchClient, ownerRead } from "@/lib/dashboard/api";

/** The chosen key's plan, credits and rate-limit windows, read with the key the console holds (GET /v1/validate). */
export async function GET(request: Request): Promise<Response> {
  const keyId = new URL(request.url).searchParams.get("key") ?? "";
  if (!keyId) return Response.json({ error: "key: choose a key", code: "BAD_REQUEST", requestId: null }, { status: 400 });
  return ownerRead("use the search console", async (ownerId) => (await consoleSearchClient(ownerId, keyId)).validate());
}
