// Each venue keeps one colour across the book's depth bars, the routing legs and the tape. Colours go
// by the venue's place in the market's venue list, so any set of venue names gets distinct colours.

const PALETTE = [
  { bar: "oklch(0.72 0.13 230 / 0.32)", dot: "oklch(0.72 0.13 230)" },
  { bar: "oklch(0.75 0.14 300 / 0.32)", dot: "oklch(0.75 0.14 300)" },
  { bar: "oklch(0.8 0.13 85 / 0.32)", dot: "oklch(0.8 0.13 85)" },
  { bar: "oklch(0.75 0.12 175 / 0.32)", dot: "oklch(0.75 0.12 175)" },
] as const;

export interface VenueColor {
  /** Translucent, for depth bars. */
  bar: string;
  /** Opaque, for dots and legends. */
  dot: string;
}

export function venueColor(venues: readonly string[], venue: string): VenueColor {
  const index = venues.indexOf(venue);
  return PALETTE[(index < 0 ? venues.length : index) % PALETTE.length]!;
}
