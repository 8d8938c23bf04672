import { ownerRead, ownerTradingClient } from "@/lib/dashboard/api";
import { killSwitchView } from "@/lib/dashboard/kill-switch-view";

/** The kill switch's state beside the owner's working keys, read with an owner token minted on the server. */
export const GET = () =>
  ownerRead("read the kill switch", async (ownerId) => {
    const client = await ownerTradingClient(ownerId);
    const [state, keys] = await Promise.all([client.killSwitch(), client.listKeys()]);
    return killSwitchView(state, keys);
  });
