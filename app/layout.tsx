import "@fontsource-variable/inter";
import "@fontsource-variable/jetbrains-mono";
import "./globals.css";
import type { ReactNode } from "react";
import type { Metadata, Viewport } from "next";
import { SiteHeader } from "@/components/shell/site-header";
import { APP_ICONS } from "@/components/shell/site-files";
import { THEME_BACKGROUND, themeScript } from "@/components/shell/theme";
import { Providers } from "./providers";

export const metadata: Metadata = {
  title: { default: "Bourse", template: "%s · Bourse" },
  description: "A self-hostable desk for people who run trading agents.",
  // app/icon.svg is linked by Next itself; the manifest comes from app/manifest.ts.
  icons: { apple: APP_ICONS.apple },
};

export const viewport: Viewport = {
  colorScheme: "dark light",
  themeColor: THEME_BACKGROUND.dark,
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The head script may swap the theme class before React hydrates, hence suppressHydrationWarning.
    <html lang="en" className="dark" suppressHydrationWarning>
      <head>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, run before paint to avoid a theme flash */}
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="min-h-dvh">
        <Providers>
          <a
            href="#main"
            className="sr-only rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50"
          >
            Skip to content
          </a>
          <SiteHeader />
          <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl px-4 py-8 outline-none sm:px-6 sm:py-10">
            {children}
          </main>
        </Providers>
      </body>
    </html>
  );
}
