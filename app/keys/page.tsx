import type { Metadata } from "next";
import { KeyDialogsProvider } from "@/components/keys/key-dialogs";
import { LimitsButton, MintKeyButton } from "@/components/keys/key-buttons";
import { KeysPanel } from "@/components/keys/keys-panel";
import { KeysUnavailable } from "@/components/keys/keys-unavailable";
import { PageHeader } from "@/components/shell/page-header";
import type { OwnerRiskLimits } from "@/lib/trading/contract/risk-limits";
import type { KeyActivityView } from "@/lib/trading/contract/key-activity";
import type { AgentKeyView, KillSwitchView } from "@/lib/client/trading";
import { dashboardNow, ownerTradingClient, pageRead } from "@/lib/dashboard/api";
import { AUDIT_PAGE_SIZE, auditPage, type AuditPage } from "@/lib/dashboard/keys-actions-view";
import { requireOwnerId } from "@/lib/dashboard/session";

export const metadata: Metadata = { title: "Keys" };

const TITLE = "Keys";
const PURPOSE = "Mint, scope, roll and revoke the keys your trading agents use to reach the API.";

async function load(
  ownerId: string,
): Promise<{ keys: AgentKeyView[]; audit: AuditPage; limits: OwnerRiskLimits; killSwitch: KillSwitchView; activity: KeyActivityView[] }> {
  const client = await ownerTradingClient(ownerId);
  const [keys, events, limits, killSwitch, activity] = await Promise.all([
    client.listKeys(),
    client.auditLog({ limit: AUDIT_PAGE_SIZE }),
    client.riskLimits(),
    client.killSwitch(),
    client.keyActivity(),
  ]);
  return { keys, audit: auditPage(events, keys, AUDIT_PAGE_SIZE), limits, killSwitch, activity };
}

export default async function KeysPage() {
  const ownerId = await requireOwnerId("/keys");
  const loaded = await pageRead(() => load(ownerId));
  if (!loaded.ok) {
    return (
      <>
        <PageHeader title={TITLE} description={PURPOSE} />
        <KeysUnavailable failure={loaded.failure} />
      </>
    );
  }
  return (
    <KeyDialogsProvider limits={loaded.value.limits}>
      <PageHeader title={TITLE} description={PURPOSE}>
        <LimitsButton keyRef={null} />
        <MintKeyButton />
      </PageHeader>
      <KeysPanel
        keys={loaded.value.keys}
        audit={loaded.value.audit}
        now={dashboardNow()}
        killSwitch={loaded.value.killSwitch}
        activity={loaded.value.activity}
      />
    </KeyDialogsProvider>
  );
}
