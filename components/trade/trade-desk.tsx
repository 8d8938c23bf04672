"use client";

// The trade desk (/trade): the order ticket for any market and the kill switch beside positions, open
// orders, pair trades and balances, all kept current while on screen (refetched on every event of the
// owner's account stream when there is one, polled besides). On a phone it reads top to bottom.

import { useState } from "react";
import type { TokenPair } from "@/lib/client/market-data";
import { BalancesTable } from "./balances-table";
import { DeskLive } from "./desk-live";
import { DeskSection } from "./desk-section";
import { DESK_STREAM_URL } from "./desk-stream";
import { SelectField } from "./fields";
import { KillSwitchPanel } from "./kill-switch-panel";
import { useMarkets } from "./market-formats";
import { OpenOrdersTable } from "./open-orders-table";
import { OrderTicket } from "./order-ticket";
import { PairsPanel } from "./pairs-panel";
import { PositionsTable } from "./positions-table";

/** accountStream: whether this server streams the owner's account changes (else the desk only polls). */
export function TradeDesk({ initialPairs, initialSymbol, accountStream }: { initialPairs: TokenPair[]; initialSymbol: string; accountStream: boolean }) {
  const live = useMarkets().pairs;
  const pairs = live.length > 0 ? live : initialPairs;
  const [symbol, setSymbol] = useState(initialSymbol);
  const pair = pairs.find((p) => p.symbol === symbol) ?? pairs[0]!;

  return (
    <DeskLive streamUrl={accountStream ? DESK_STREAM_URL : null}>
      <div className="grid gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <OrderTicket
            key={pair.symbol}
            pair={pair}
            signedIn
            header={<SelectField label="Market" value={pair.symbol} options={pairs.map((p) => ({ value: p.symbol, label: p.symbol }))} onChange={setSymbol} />}
          />
          <DeskSection
            title="Kill switch"
            description="Stop every key, or one, at once: their live orders are cancelled and new ones refused until you release it. Closing stays possible."
          >
            <KillSwitchPanel />
          </DeskSection>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <DeskSection title="Positions" description="Each market with its legs: the position on every venue an order filled on.">
            <PositionsTable />
          </DeskSection>
          <DeskSection title="Open orders" description="Resting limit orders and stops waiting for their trigger, on every venue.">
            <OpenOrdersTable />
          </DeskSection>
          <DeskSection title="Pair trades" description="Long one market and short another on one venue, with the basket's profit and loss.">
            <PairsPanel />
          </DeskSection>
          <DeskSection title="Balances" description="Collateral and margin on each venue, in US dollars.">
            <BalancesTable />
          </DeskSection>
        </div>
      </div>
    </DeskLive>
  );
}
