import type { Command } from "../command";
import { balances, orders, pairs, positions } from "./account";
import { book, candles, markets, route, trades } from "./market";
import { scrape, search, validate } from "./search";
import { swap } from "./swap";
import { cancel, order, pair, position } from "./trade";
import { watch } from "./watch";

export const COMMANDS: readonly Command[] = [
  markets,
  book,
  candles,
  route,
  trades,
  watch,
  positions,
  balances,
  orders,
  pairs,
  order,
  cancel,
  position,
  pair,
  swap,
  search,
  scrape,
  validate,
];
