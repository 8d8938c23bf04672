import { tradeDeskStream } from "@/lib/dashboard/account-stream";

/** The signed-in owner's account changes as server-sent events, so the desk refetches at once (lib/trading/execution/account-stream). */
export const GET = (request: Request) => tradeDeskStream(request);
