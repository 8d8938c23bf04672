// The dashboard's glue to the APIs (server side): clients with the owner's credentials, the action
// wrapper, same-origin reads and the few deployment facts pages need. Client components import
// ./result for the action result type.
export { ownerAction } from "./action";
export {
  consoleSearchClient,
  deskSwapClient,
  deskTradingClient,
  ownerSearchClient,
  ownerTradingClient,
  pastedSearchKeyClient,
  publicClients,
} from "./clients";
export { browserMarketApiUrl, dashboardNow, publicApiUrl, searchSource } from "./config";
export { refusal } from "./failure";
export { ownerRead, pageRead } from "./reads";
export type { ActionFailure, ActionResult } from "./result";
