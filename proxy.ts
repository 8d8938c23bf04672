import { type NextRequest, NextResponse } from "next/server";
import { malformedServerActionCall } from "@/lib/http/server-action-body";

/** Server action calls whose body Next could not decode are a 400 here, not a 500 from the decoder. */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  if (request.method !== "POST") return NextResponse.next();
  const problem = malformedServerActionCall(request.headers.get("content-type"), await request.text());
  return problem ? NextResponse.json({ error: `Not a server action call of this dashboard: ${problem}.` }, { status: 400 }) : NextResponse.next();
}

// Only requests that name a server action; the APIs and static files never pass here.
export const config = {
  matcher: [{ source: "/((?!api/|_next/).*)", has: [{ type: "header", key: "next-action" }] }],
};
