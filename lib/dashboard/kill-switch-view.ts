import { z } from "zod";
import type { AgentKeyView, KillSwitchView } from "../client/trading";

export const killSwitchKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(["agent", "desk"]),
  fragment: z.string(),
  /** Switched off one by one (the switch for every key is `all`). */
  engagedAt: z.string().nullable(),
});

/** The kill switch panel's data: the switch for every key, and each key that can trade or is switched off. */
export const killSwitchPanelSchema = z.object({ all: z.boolean(), keys: z.array(killSwitchKeySchema) });
export type KillSwitchPanel = z.infer<typeof killSwitchPanelSchema>;
export type KillSwitchKey = z.infer<typeof killSwitchKeySchema>;

/** Working keys, and any key still switched off; the desk's own key first, then the API's order. */
export function killSwitchView(state: KillSwitchView, keys: readonly AgentKeyView[]): KillSwitchPanel {
  const engaged = new Map(state.keys.map((k) => [k.keyId, k.engagedAt]));
  const listed = keys
    .filter((k) => k.status === "active" || engaged.has(k.id))
    .map((k): KillSwitchKey => ({ id: k.id, name: k.name, kind: k.kind, fragment: k.fragment, engagedAt: engaged.get(k.id) ?? null }));
  const rank = (k: KillSwitchKey) => (k.kind === "desk" ? 0 : 1);
  return { all: state.all, keys: listed.sort((a, b) => rank(a) - rank(b)) };
}

/** Whether a key may add risk now: not under the switch for every key nor its own. */
export function keyCanTrade(panel: KillSwitchPanel, key: KillSwitchKey): boolean {
  return !panel.all && key.engagedAt === null;
}
