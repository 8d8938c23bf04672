"use client";

// The terminal's account tabs, under chart and book: positions, open orders, fills, order history,
// funding, pair trades and balances, all account-wide; the desk (/trade) adds the kill switch. Each tab
// scrolls inside the panel.

import { BalancesTable } from "@/components/trade/balances-table";
import { FundingTable } from "@/components/trade/funding-table";
import { KillSwitchPanel } from "@/components/trade/kill-switch-panel";
import { OpenOrdersTable } from "@/components/trade/open-orders-table";
import { FillsTable, OrderHistoryTable } from "@/components/trade/order-history-table";
import { PairsPanel } from "@/components/trade/pairs-panel";
import { PositionsTable } from "@/components/trade/positions-table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { KeyFilterProvider, KeyFilterSelect } from "@/components/trade/key-filter";
import { useFillNotices } from "@/components/trade/fill-notices";

const TABS = [
  { value: "positions", label: "Positions", content: <PositionsTable /> },
  { value: "orders", label: "Open orders", content: <OpenOrdersTable /> },
  { value: "fills", label: "Fills", content: <FillsTable /> },
  { value: "history", label: "Order history", content: <OrderHistoryTable /> },
  { value: "funding", label: "Funding", content: <FundingTable /> },
  { value: "pairs", label: "Pairs", content: <PairsPanel /> },
  { value: "balances", label: "Balances", content: <BalancesTable /> },
] as const;

const KILL_SWITCH_TAB = { value: "kill-switch", label: "Kill switch", content: <KillSwitchPanel /> } as const;

export function AccountTabs({ withKillSwitch = false }: { withKillSwitch?: boolean }) {
  useFillNotices();
  const tabs = withKillSwitch ? [...TABS, KILL_SWITCH_TAB] : TABS;
  return (
    <KeyFilterProvider>
      <Tabs defaultValue="positions" className="h-full min-h-0 gap-0 rounded-lg border bg-card" data-testid="account-tabs">
        <div className="flex flex-wrap items-center justify-between gap-1 p-1">
          <TabsList className="h-auto min-h-8 w-auto max-w-full shrink flex-wrap justify-start bg-transparent p-0">
            {tabs.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value} className="h-8 px-2.5 text-xs data-[state=active]:bg-muted">
                {tab.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <KeyFilterSelect />
        </div>
        {tabs.map((tab) => (
          <TabsContent key={tab.value} value={tab.value} className="min-h-0 overflow-y-auto border-t p-2">
            {tab.content}
          </TabsContent>
        ))}
      </Tabs>
    </KeyFilterProvider>
  );
}
