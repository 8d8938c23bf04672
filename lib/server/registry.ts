import type { Services } from "./services";

// server.ts and Next's server bundle run in one process but hold separate copies of our modules;
// the services (one database handle per process) are shared through this global slot.
const SLOT = Symbol.for("bourse.services");
type Slot = { [SLOT]?: Services };

export function publishServices(services: Services): void {
  (globalThis as Slot)[SLOT] = services;
}

/** The running server's services; throws when called outside a process started by server.ts. */
export function runningServices(): Services {
  const services = (globalThis as Slot)[SLOT];
  if (!services) throw new Error("Bourse services are not running in this process: start it with server.ts (npm start or npm run dev).");
  return services;
}
