"use client";

// Which agent key placed what: the Key column's words, and one filter by key shared by the account tabs
// (open orders, fills, order history, positions), chosen from the keys seen in the order history.

import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { useDeskStreaming } from "./desk-live";
import { orderHistoryQuery } from "./queries";
import { SelectField } from "./fields";

export interface Attributed {
  keyId: string | null;
  keyName: string | null;
}

/** The Key column's words: the key's name, else what is known of it. */
export function keyWords(row: Attributed): string {
  if (row.keyName !== null) return row.keyName;
  return row.keyId === null ? "Owner" : "Removed key";
}

const ALL = "";

interface KeyFilter {
  keyId: string;
  setKeyId(keyId: string): void;
}

const KeyFilterContext = createContext<KeyFilter>({ keyId: ALL, setKeyId: () => {} });

export function KeyFilterProvider({ children }: { children: ReactNode }) {
  const [keyId, setKeyId] = useState(ALL);
  const value = useMemo(() => ({ keyId, setKeyId }), [keyId]);
  return <KeyFilterContext.Provider value={value}>{children}</KeyFilterContext.Provider>;
}

/** Whether a row passes the chosen key (every row when none is chosen); a position passes when the key helped build it. */
export function useKeyMatch(): (keys: readonly (string | null)[]) => boolean {
  const { keyId } = useContext(KeyFilterContext);
  return (keys) => keyId === ALL || keys.includes(keyId);
}

/** The keys seen in the order history, by name. */
export function keyChoices(rows: readonly Attributed[]): { value: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const r of rows) if (r.keyId !== null && !seen.has(r.keyId)) seen.set(r.keyId, keyWords(r));
  return [{ value: ALL, label: "All keys" }, ...[...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label))];
}

export function KeyFilterSelect() {
  const { keyId, setKeyId } = useContext(KeyFilterContext);
  const history = useQuery(orderHistoryQuery(useDeskStreaming()));
  const choices = keyChoices(history.data ?? []);
  if (choices.length <= 1) return null;
  return (
    <div className="w-52 shrink-0" data-testid="key-filter">
      <SelectField label="Placed by" value={keyId} options={choices} onChange={setKeyId} compact />
    </div>
  );
}
