/** Number formatting for the reference page; an explicit locale keeps server and client output identical. */
import { LOCALE } from "../format/locale";

const numberFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 20 });
const plurals = new Intl.PluralRules(LOCALE);

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** "1 operation", "12 operations". */
export function formatCount(count: number, one: string, other: string): string {
  return `${formatNumber(count)} ${plurals.select(count) === "one" ? one : other}`;
}
