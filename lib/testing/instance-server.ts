// One instance of a deployment in a process of its own (the settings come from the environment): what
// the failover tests start several of and kill.
import { serveApi } from "./serve-api";

await serveApi(() => {});
