import { ownerTradingClient } from "@/lib/dashboard/owner-api";
import { tradeDeskRead } from "@/lib/dashboard/trade-desk";
import { killSwitchView } from "@/lib/dashboard/kill-switch-view";

/** The kill switch's state beside the owner's working keys, read with an owner token minted on the server. */
export const GET = () =>
  tradeDeskRead(async (ownerId) => {
    const client = await ownerTradingClient(ownerId);
    const [state, keys] = await Promise.all([client.killSwitch(), client.listKeys()]);
    return killSwitchView(state, keys);
  });
