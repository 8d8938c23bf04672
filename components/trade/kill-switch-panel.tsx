"use client";

// The kill switch: for every key at once (the desk's own included) or for one key. Pulling it cancels
// the live orders it covers and refuses new ones until released; closing positions stays possible.

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { OctagonXIcon } from "lucide-react";
import { engageKillSwitchAction, releaseKillSwitchAction } from "@/app/trade/actions";
import { keyCanTrade, type KillSwitchPanel as PanelData } from "@/lib/dashboard/kill-switch-view";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { killSwitchQuery } from "./queries";
import { useDeskAction } from "./use-desk-action";

export function KillSwitchPanel() {
  const queryClient = useQueryClient();
  const state = useQuery(killSwitchQuery());
  const action = useDeskAction();
  const show = (panel: PanelData) => queryClient.setQueryData(killSwitchQuery().queryKey, panel);

  if (state.isPending) return <Skeleton className="h-20 w-full" aria-label="Loading the kill switch" />;
  if (state.isError) return <FormAlert message={`The kill switch's state could not be read: ${state.error.message}`} />;
  const panel = state.data;

  return (
    <div className="flex flex-col gap-4" data-testid="kill-switch" data-engaged={panel.all}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm" role="status">
          {panel.all ? <Badge variant="destructive">Engaged for every key</Badge> : <Badge variant="success">Off: keys may trade</Badge>}
        </p>
        {panel.all ? (
          <Button variant="outline" disabled={action.pending} onClick={() => action.run(() => releaseKillSwitchAction({}), show)}>
            Release the kill switch
          </Button>
        ) : (
          <Button variant="destructive" disabled={action.pending} onClick={() => action.run(() => engageKillSwitchAction({}), show)}>
            <OctagonXIcon aria-hidden />
            Stop every key
          </Button>
        )}
      </div>
      {panel.keys.length > 0 ? (
        <ul className="flex flex-col divide-y rounded-md border text-sm" aria-label="Keys">
          {panel.keys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2" data-testid="kill-switch-key">
              <span className="flex min-w-0 flex-col">
                <span className="font-medium">
                  {key.name}
                  {key.kind === "desk" ? <span className="ml-1 text-xs text-muted-foreground">(this desk)</span> : null}
                </span>
                <code className="truncate text-xs text-muted-foreground">{key.fragment}</code>
              </span>
              <span className="flex items-center gap-2">
                {keyCanTrade(panel, key) ? <Badge variant="success">trading</Badge> : <Badge variant="destructive">stopped</Badge>}
                {key.engagedAt ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={action.pending}
                    onClick={() => action.run(() => releaseKillSwitchAction({ keyId: key.id }), show)}
                    aria-label={`Release ${key.name}`}
                  >
                    Release
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={action.pending}
                    onClick={() => action.run(() => engageKillSwitchAction({ keyId: key.id }), show)}
                    aria-label={`Stop ${key.name}`}
                  >
                    Stop
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <FormAlert message={action.error} />
    </div>
  );
}
