/**
 * Search API plans, lowest first. A key's plan gates features; credits are separate (see ledger.ts).
 * Free sits below the three plans the search contract names.
 */
export const PLANS = ["Free", "Starter", "Builder", "Unicorn"] as const;
export type Plan = (typeof PLANS)[number];

/** Credits a new key starts with, by the plan it is minted on (owners mint on Free). */
export const STARTING_CREDITS: Readonly<Record<Plan, number>> = { Free: 100, Starter: 1_000, Builder: 5_000, Unicorn: 25_000 };

/** Request options that need a plan, and the lowest plan that has them. */
export const GATED_FEATURES = {
  include_contacts: "Starter",
  include_social: "Builder",
  follow_internal_links: "Unicorn",
} as const satisfies Record<string, Plan>;
export type GatedFeature = keyof typeof GATED_FEATURES;

export function planRank(plan: Plan): number {
  return PLANS.indexOf(plan);
}

export function planAllows(plan: Plan, feature: GatedFeature): boolean {
  return planRank(plan) >= planRank(GATED_FEATURES[feature]);
}

/** The gated features a plan has, in contract order. */
export function featuresOf(plan: Plan): Record<GatedFeature, boolean> {
  return {
    include_contacts: planAllows(plan, "include_contacts"),
    include_social: planAllows(plan, "include_social"),
    follow_internal_links: planAllows(plan, "follow_internal_links"),
  };
}
