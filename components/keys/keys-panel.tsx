import { KeyRoundIcon } from "lucide-react";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { AgentKeyView, KillSwitchView } from "@/lib/client/trading";
import type { AuditPage } from "@/lib/dashboard/keys-actions-view";
import type { KeyActivityView } from "@/lib/trading/contract/key-activity";
import { AuditLog } from "./audit-log";
import { MintKeyButton } from "./key-buttons";
import { KeysTable } from "./keys-table";

/** The keys and the audit log of their changes, as two tabs; both stay mounted so "Load more" survives a switch. */
export function KeysPanel({
  keys,
  audit,
  now,
  killSwitch,
  activity,
}: {
  keys: readonly AgentKeyView[];
  audit: AuditPage;
  now: number;
  killSwitch: KillSwitchView;
  activity: readonly KeyActivityView[];
}) {
  return (
    <Tabs defaultValue="keys">
      <TabsList>
        <TabsTrigger value="keys">Keys</TabsTrigger>
        <TabsTrigger value="audit">Audit log</TabsTrigger>
      </TabsList>
      <TabsContent value="keys" forceMount className="data-[state=inactive]:hidden">
        {keys.length === 0 ? (
          <EmptyState
            icon={KeyRoundIcon}
            title="No agent keys yet"
            description="Mint a key for each agent, with only the scopes it needs. Its secret is shown once; afterwards only its last four characters are."
          >
            <MintKeyButton />
          </EmptyState>
        ) : (
          <Card>
            <KeysTable keys={keys} now={now} killSwitch={killSwitch} activity={activity} />
          </Card>
        )}
      </TabsContent>
      <TabsContent value="audit" forceMount className="data-[state=inactive]:hidden">
        <AuditLog initial={audit} now={now} />
      </TabsContent>
    </Tabs>
  );
}
