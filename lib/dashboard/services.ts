import "server-only";
import type { ApiDeps } from "../api/context";
import { runningServices } from "../server/registry";

/** The services of the server this dashboard runs in (database, clock, config, secret). */
export function dashboardDeps(): ApiDeps {
  return runningServices().deps;
}
