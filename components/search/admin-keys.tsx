"use client";

import { useDeferredValue, useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { CoinsIcon, GaugeIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { COLUMN, Table, TableActionsHead, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { adminKeysQuery } from "./console-queries";
import { formatCredits } from "./console-view";
import { useSearchDialogs } from "./search-dialogs";

/** Administrators: every owner's keys, found by key id, key name or owner email, to set plans and add credits. */
export function AdminKeys() {
  const id = useId();
  const { open } = useSearchDialogs();
  const [text, setText] = useState("");
  const query = useDeferredValue(text.trim());
  const keys = useQuery(adminKeysQuery(query));
  return (
    <section aria-label="Keys of every owner" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-find`}>Find keys of every owner</Label>
        <Input
          id={`${id}-find`}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="key id, key name or owner email"
          className="max-w-md"
        />
      </div>
      {keys.isPending ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : keys.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {keys.error.message}
        </p>
      ) : keys.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No key matches.</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent [&>th]:whitespace-nowrap">
              <TableHead>Key</TableHead>
              <TableHead className={COLUMN.secondary}>Owner</TableHead>
              <TableHead className={COLUMN.secondary}>Plan</TableHead>
              <TableHead className="text-right">Credits</TableHead>
              <TableActionsHead />
            </TableRow>
          </TableHeader>
          <TableBody>
            {keys.data.map((k) => {
              const ref = { id: k.id, name: k.name, plan: k.plan, credits: k.credits };
              return (
                <TableRow key={k.id}>
                  <TableCell>
                    <span className="block font-medium">{k.name}</span>
                    <code className="break-all font-mono text-xs text-muted-foreground">{k.id}</code>
                    <span className="block text-xs text-muted-foreground @xl:hidden">
                      {k.owner_email ?? k.owner_id} · {k.plan}
                    </span>
                    {k.status === "revoked" ? (
                      <Badge variant="destructive" className="ml-2">
                        revoked
                      </Badge>
                    ) : null}
                  </TableCell>
                  <TableCell className={`${COLUMN.secondary} break-all text-sm`}>{k.owner_email ?? k.owner_id}</TableCell>
                  <TableCell className={COLUMN.secondary}>
                    <Badge variant="info">{k.plan}</Badge>
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-right tabular-nums">{formatCredits(k.credits)}</TableCell>
                  <TableCell>
                    <div className="flex flex-wrap justify-end gap-1.5">
                      <Button variant="outline" size="sm" onClick={() => open({ type: "plan", key: ref })}>
                        <GaugeIcon aria-hidden="true" />
                        Plan
                      </Button>
                      <Button variant="outline" size="sm" onClick={() => open({ type: "credits", key: ref })}>
                        <CoinsIcon aria-hidden="true" />
                        Add credits
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
