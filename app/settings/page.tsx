import type { Metadata } from "next";
import { PageHeader } from "@/components/shell/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LinkWallet } from "@/components/settings/link-wallet";
import { WalletProvider } from "@/components/wallet/wallet-provider";
import { RemoteCredentialsForm } from "@/components/settings/remote-credentials-form";
import { VenueAccounts } from "@/components/settings/venue-accounts";
import { FormAlert } from "@/components/ui/form-alert";
import { dashboardNow, ownerTradingClient, pageRead } from "@/lib/dashboard/api";
import { requireOwnerId } from "@/lib/dashboard/session";
import { ownerSettings } from "@/lib/dashboard/settings";

export const metadata: Metadata = { title: "Settings" };

export default async function Page() {
  const ownerId = await requireOwnerId("/settings");
  const [{ profile, remote, tradingApiUrl, hasOwnerToken, hasAgentKey }, venues] = await Promise.all([
    ownerSettings(ownerId),
    pageRead(async () => (await ownerTradingClient(ownerId)).venueAccounts()),
  ]);

  return (
    <>
      <PageHeader
        title="Settings"
        description="Your account, the wallets you sign in with, your accounts on real venues, and the API this dashboard talks to."
      />
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Account</CardTitle>
            <CardDescription>One account, however you sign in.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4 text-sm">
            <dl className="grid grid-cols-[6rem_minmax(0,1fr)] gap-y-2 sm:grid-cols-[8rem_minmax(0,1fr)]">
              <dt className="text-muted-foreground">Owner id</dt>
              <dd className="break-all font-mono">{ownerId}</dd>
              <dt className="text-muted-foreground">Email</dt>
              <dd className="break-all">{profile?.email ?? "none"}</dd>
              <dt className="text-muted-foreground">Wallets</dt>
              <dd className="flex flex-col gap-1 font-mono">
                {profile && profile.wallets.length > 0 ? (
                  profile.wallets.map((w) => (
                    <span key={w} className="break-all">
                      {w}
                    </span>
                  ))
                ) : (
                  <span className="font-sans">none linked</span>
                )}
              </dd>
            </dl>
            <WalletProvider>
              <LinkWallet />
            </WalletProvider>
          </CardContent>
        </Card>
        <Card id="venue-accounts">
          <CardHeader>
            <CardTitle>Venue accounts</CardTitle>
            <CardDescription>
              Your own accounts on real venues, which your agent keys trade on. Each is checked with the venue (its balance is read) before it is stored
              encrypted, and shown masked.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {venues.ok ? (
              <VenueAccounts venues={venues.value} now={dashboardNow()} />
            ) : (
              <FormAlert message={`Your venue accounts could not be read: ${venues.failure.message}`} />
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>API</CardTitle>
            <CardDescription>
              {remote
                ? `This dashboard uses the trading API at ${tradingApiUrl}. It cannot mint that API's owner tokens, so paste an owner token (for managing keys) and an agent key (for the trade desk) issued by it. Both are stored encrypted.`
                : `This dashboard uses its own API (${tradingApiUrl}) and signs in to it for you: there is nothing to paste.`}
            </CardDescription>
          </CardHeader>
          {remote ? (
            <CardContent>
              <RemoteCredentialsForm hasOwnerToken={hasOwnerToken} hasAgentKey={hasAgentKey} />
            </CardContent>
          ) : null}
        </Card>
      </div>
    </>
  );
}
