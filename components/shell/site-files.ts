// The files a browser or crawler asks the site for: /manifest.webmanifest and /robots.txt (served by
// app/manifest.ts and app/robots.ts). The icons are rendered from app/icon.svg into public/ by
// scripts/app-icons.mjs.
import type { MetadataRoute } from "next";
import { THEME_BACKGROUND } from "./theme";

export const APP_ICONS = {
  apple: "/icons/apple-touch-icon.png",
  pwa: [
    { src: "/icons/icon-192.png", sizes: "192x192" },
    { src: "/icons/icon-512.png", sizes: "512x512" },
  ],
} as const;

export function webManifest(): MetadataRoute.Manifest {
  return {
    name: "Bourse",
    short_name: "Bourse",
    description: "A self-hostable desk for people who run trading agents.",
    start_url: "/",
    display: "standalone",
    background_color: THEME_BACKGROUND.dark,
    theme_color: THEME_BACKGROUND.dark,
    icons: APP_ICONS.pwa.map((icon) => ({ ...icon, type: "image/png" })),
  };
}

/** A self-hosted desk is no one's search result: no crawler indexes the dashboard, and the API (/api/) least of all. */
export function robotsRules(): MetadataRoute.Robots {
  return { rules: [{ userAgent: "*", disallow: ["/", "/api/"] }] };
}
