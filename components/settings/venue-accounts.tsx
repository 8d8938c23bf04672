"use client";

import { PlugZapIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { removeVenueAccountAction } from "@/app/settings/actions";
import { formatUsd } from "@/components/trade/trade-words";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmActionDialog } from "@/components/ui/confirm-action-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { When } from "@/components/ui/when";
import type { VenueAccountView } from "@/lib/client/trading";
import { venueStatus, venueTitle } from "@/lib/dashboard/venue-accounts-view";
import { VenueAccountForm } from "./venue-account-form";

/** Each configured real venue with the owner's account on it, if any: link, replace, remove. */
export function VenueAccounts({ venues, now }: { venues: readonly VenueAccountView[]; now: number }) {
  const [removing, setRemoving] = useState<VenueAccountView | null>(null);
  const configured = venues.some((v) => v.network !== null);

  return (
    <div className="flex flex-col gap-4">
      {venues.length > 0 ? (
        <ul aria-label="Venue accounts" className="flex flex-col divide-y rounded-md border">
          {venues.map((view) => (
            <VenueRow key={view.venue} view={view} now={now} onRemove={() => setRemoving(view)} />
          ))}
        </ul>
      ) : null}
      {configured ? null : <NoRealVenue />}
      {removing?.account ? (
        <ConfirmActionDialog
          title={<>Remove your {venueTitle(removing.venue)} account?</>}
          description={
            <>
              Bourse forgets the credentials of <code className="break-all font-mono">{removing.account.identifier}</code> at once: your agent keys stop trading
              on {venueTitle(removing.venue)} until you link an account again. Orders and positions already on the venue are not touched.
            </>
          }
          label="Remove account"
          pendingLabel="Removing…"
          action={() => removeVenueAccountAction({ venue: removing.venue })}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </div>
  );
}

function VenueRow({ view, now, onRemove }: { view: VenueAccountView; now: number; onRemove: () => void }) {
  const [editing, setEditing] = useState(false);
  const [checked, setChecked] = useState<string | null>(null);
  const status = venueStatus(view);
  const title = venueTitle(view.venue);
  const secrets = view.credentials.filter((f) => f.secret && view.account?.masked[f.name] !== undefined);

  return (
    <li className="flex flex-col gap-3 p-4" data-testid="venue-account" data-venue={view.venue} data-linked={view.account !== null}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{title}</span>
            {view.network ? <Badge variant={view.network === "mainnet" ? "warning" : "info"}>{view.network}</Badge> : null}
            <Badge variant={status.tone}>{status.label}</Badge>
          </p>
          {view.account ? null : (
            <p className="text-sm text-muted-foreground">
              {status.canLink ? `Asks for: ${view.credentials.map((f) => f.label).join(", ")}.` : "Cannot be linked here."}
            </p>
          )}
        </div>
        <div className="flex gap-2">
          {status.canLink && !editing ? (
            <Button
              size="sm"
              variant={view.account ? "outline" : "default"}
              onClick={() => {
                setChecked(null);
                setEditing(true);
              }}
            >
              {view.account ? "Replace" : "Link account"}
            </Button>
          ) : null}
          {view.account ? (
            <Button
              size="sm"
              variant="ghost"
              className="text-destructive hover:text-destructive"
              onClick={onRemove}
              aria-label={`Remove your ${title} account`}
            >
              Remove
            </Button>
          ) : null}
        </div>
      </div>
      {view.account ? (
        <dl className="flex flex-col gap-2 text-sm sm:gap-1.5">
          <Detail term="Account">
            <span className="break-all font-mono" data-testid="venue-account-identifier">
              {view.account.identifier}
            </span>
          </Detail>
          {secrets.map((field) => (
            <Detail key={field.name} term={field.label}>
              <span className="font-mono">{view.account?.masked[field.name]}</span>
            </Detail>
          ))}
          <Detail term="Checked">
            <When iso={view.account.checkedAt} now={now} />
          </Detail>
        </dl>
      ) : null}
      {editing ? (
        <VenueAccountForm
          view={view}
          onCancel={() => setEditing(false)}
          onLinked={(linked) => {
            setEditing(false);
            setChecked(`${title} accepted the account: equity ${formatUsd(linked.equityUsd)}.`);
          }}
        />
      ) : null}
      {checked ? (
        <p role="status" className="text-sm text-success">
          {checked}
        </p>
      ) : null}
    </li>
  );
}

/** One term of a linked account: above its value on a phone, beside it from sm up. */
function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-x-4 gap-y-0.5 sm:grid-cols-[11rem_minmax(0,1fr)]">
      <dt className="text-xs text-muted-foreground sm:text-sm">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function NoRealVenue() {
  return (
    <EmptyState
      icon={PlugZapIcon}
      className="py-8"
      title="No real venue is configured here"
      description={
        <>
          Your agents trade on the simulated venues, which need no account. To trade on your own Hyperliquid or{" "}
          <span className="whitespace-nowrap">Binance USD-M</span> account, the operator sets <code className="font-mono">VENUES=embedded,hyperliquid</code> (or{" "}
          <code className="font-mono">binanceusdm</code>; testnet unless <code className="font-mono">VENUE_HYPERLIQUID_NETWORK=mainnet</code>) and restarts: see
          “Going live” in <code className="font-mono">docs/venues.md</code>.
        </>
      }
    />
  );
}
