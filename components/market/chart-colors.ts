// The chart draws on canvas, which cannot read the theme's CSS colours (oklch variables), so it takes
// these plain colours, one set per theme.
import type { Theme } from "@/components/shell/theme";

export interface ChartColors {
  background: string;
  text: string;
  grid: string;
  up: string;
  down: string;
  upVolume: string;
  downVolume: string;
  /** Liquidation price lines. */
  warning: string;
}

export const CHART_COLORS: Record<Theme, ChartColors> = {
  dark: {
    background: "#1b1e25",
    text: "#b4b9c6",
    grid: "#272b34",
    up: "#3fc48a",
    down: "#f0736a",
    upVolume: "rgba(63,196,138,0.35)",
    downVolume: "rgba(240,115,106,0.35)",
    warning: "#e8b04a",
  },
  light: {
    background: "#ffffff",
    text: "#5b6072",
    grid: "#eceef3",
    up: "#1f8a5b",
    down: "#c7392f",
    upVolume: "rgba(31,138,91,0.3)",
    downVolume: "rgba(199,57,47,0.3)",
    warning: "#b7791f",
  },
};
