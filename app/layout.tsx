import "@fontsource-variable/inter";
import "@fontsource-variable/jetbrains-mono";
import "./globals.css";
import type { ReactNode } from "react";
import type { Metadata, Viewport } from "next";
import { KillSwitchNotice } from "@/components/shell/kill-switch-notice";
import { SiteHeader } from "@/components/shell/site-header";
import { Toaster } from "@/components/ui/toaster";
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
      {/* A page holding the trading terminal ([data-layout=terminal]) takes the full width and, on wide screens, exactly the viewport's height. */}
      <body className="flex min-h-dvh flex-col lg:has-[[data-layout=terminal]]:h-dvh">
        <Providers>
          <a
            href="#main"
            className="sr-only rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50"
          >
            Skip to content
          </a>
          <SiteHeader />
          <KillSwitchNotice />
          <main
            id="main"
            tabIndex={-1}
            className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 outline-none sm:px-6 sm:py-10 has-[[data-layout=terminal]]:min-h-0 has-[[data-layout=terminal]]:max-w-none has-[[data-layout=terminal]]:p-0"
          >
            {children}
          </main>
          <Toaster />
        </Providers>
      </body>
    </html>
  );
}
