import Link from "next/link";
import { ChartCandlestickIcon } from "lucide-react";
import { MainNav } from "./main-nav";
import { ThemeToggle } from "./theme-toggle";
import { AccountMenu } from "./account-menu";

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      {/* On a phone the nav takes its own scrollable row beneath the brand and the toggle. */}
      <div className="mx-auto flex max-w-6xl [body:has([data-layout=terminal])_&]:max-w-none flex-wrap items-center gap-x-6 px-4 sm:h-14 sm:flex-nowrap sm:px-6">
        <Link href="/" className="flex h-14 items-center gap-2 rounded-md text-base font-semibold tracking-tight sm:h-auto">
          <ChartCandlestickIcon className="size-5 text-primary" aria-hidden="true" />
          Bourse
        </Link>
        <MainNav className="order-last -mx-4 w-[calc(100%+2rem)] px-3 pb-2 sm:order-none sm:mx-0 sm:w-auto sm:flex-1 sm:px-0 sm:pb-0" />
        <div className="ml-auto flex items-center gap-2 sm:ml-0">
          <AccountMenu />
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
