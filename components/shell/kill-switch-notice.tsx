import { KillSwitchBanner } from "@/components/trade/kill-switch-banner";
import { currentOwner } from "@/lib/dashboard/session";

/** The kill switch banner, for a signed-in owner only (a visitor has no switch to read). */
export async function KillSwitchNotice() {
  return (await currentOwner()) ? <KillSwitchBanner /> : null;
}
