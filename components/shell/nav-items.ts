/** The dashboard's sections, in navigation order. */
export const NAV_ITEMS = [
  { label: "Markets", href: "/" },
  { label: "Trade", href: "/trade" },
  { label: "Swap", href: "/swap" },
  { label: "Keys", href: "/keys" },
  { label: "Search", href: "/search" },
  { label: "API", href: "/reference" },
] as const;

/** `/` is active only on itself; every other entry also on the pages beneath it. */
export function isActivePath(pathname: string, href: string): boolean {
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}
