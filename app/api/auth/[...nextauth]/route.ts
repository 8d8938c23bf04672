import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/dashboard/auth-options";

type Context = { params: Promise<{ nextauth: string[] }> };

// Options are built per request: they need the running server's services.
function handler(req: NextRequest, context: Context): Promise<Response> {
  return NextAuth(req, context, authOptions());
}

export { handler as GET, handler as POST };
