import type { Metadata } from "next";
import { KeyDialogsProvider } from "@/components/keys/key-dialogs";
import { LimitsButton, MintKeyButton } from "@/components/keys/key-buttons";
import { KeysPanel } from "@/components/keys/keys-panel";
import { KeysUnavailable, type KeysFailure } from "@/components/keys/keys-unavailable";
import { PageHeader } from "@/components/shell/page-header";
import { ApiClientError } from "@/lib/client/http";
import type { AgentKeyView } from "@/lib/client/trading";
import { AUDIT_PAGE_SIZE, auditPage, type AuditPage } from "@/lib/dashboard/keys-actions-view";
import { ownerTradingClient } from "@/lib/dashboard/owner-api";
import { dashboardDeps } from "@/lib/dashboard/services";
import { requireOwnerId } from "@/lib/dashboard/session";
import type { OwnerOverrides } from "@/lib/trading/risk/store";

export const metadata: Metadata = { title: "Keys" };

const TITLE = "Keys";
const PURPOSE = "Mint, scope, roll and revoke the keys your trading agents use to reach the API.";

/** The owner's own risk limits, kept beside this process's trading service: none to edit against a remote API. */
async function ownerLimits(ownerId: string): Promise<OwnerOverrides | null> {
  const deps = dashboardDeps();
  return deps.config.remoteTradingApi ? null : deps.trading.riskOverrides(ownerId);
}

type Loaded = { ok: true; keys: AgentKeyView[]; audit: AuditPage; limits: OwnerOverrides | null };

async function load(ownerId: string): Promise<Loaded | ({ ok: false } & KeysFailure)> {
  try {
    const client = await ownerTradingClient(ownerId);
    const [keys, events, limits] = await Promise.all([client.listKeys(), client.auditLog({ limit: AUDIT_PAGE_SIZE }), ownerLimits(ownerId)]);
    return { ok: true, keys, audit: auditPage(events, keys, AUDIT_PAGE_SIZE), limits };
  } catch (err) {
    if (!(err instanceof ApiClientError)) throw err;
    return { ok: false, message: err.message, status: err.status, code: err.code, requestId: err.requestId };
  }
}

export default async function KeysPage() {
  const ownerId = await requireOwnerId("/keys");
  const loaded = await load(ownerId);
  if (!loaded.ok) {
    return (
      <>
        <PageHeader title={TITLE} description={PURPOSE} />
        <KeysUnavailable failure={loaded} />
      </>
    );
  }
  return (
    <KeyDialogsProvider limits={loaded.limits}>
      <PageHeader title={TITLE} description={PURPOSE}>
        <LimitsButton keyRef={null} />
        <MintKeyButton />
      </PageHeader>
      <KeysPanel keys={loaded.keys} audit={loaded.audit} now={dashboardDeps().clock.now()} />
    </KeyDialogsProvider>
  );
}
