// The search API, with a search key (--search-key, BOURSE_SEARCH_KEY). Every answer states the credits.
import type { ScrapeInput } from "../../search";
import type { Command } from "../command";
import { numberArg, required, given } from "../context";

const credits = (r: { credits_used: number; remaining_credits: number }) => `${r.credits_used} credits used, ${r.remaining_credits} left.`;

export const search: Command = {
  name: "search",
  usage: 'search "QUERY" [--max N] [--scrape-top N] [--idempotency-key KEY]',
  summary: "search the web",
  run: async (ctx, args) => {
    const r = await ctx.search.search(
      {
        query: required(args, 0, "QUERY"),
        max_results: numberArg(ctx.flags.max, "--max"),
        auto_scrape_top: numberArg(ctx.flags["scrape-top"], "--scrape-top"),
      },
      ctx.flags["idempotency-key"],
    );
    return { json: r, text: [...r.search_results.map((x) => `${x.position}. ${x.title}\n   ${x.link}\n   ${x.snippet}`), credits(r)].join("\n") };
  },
};

export const scrape: Command = {
  name: "scrape",
  usage: "scrape URL [--extract title,text,links,images,metadata,all] [--follow] [--max-pages N] [--idempotency-key KEY]",
  summary: "scrape one page",
  run: async (ctx, args) => {
    const { flags } = ctx;
    const r = await ctx.search.scrape(
      {
        url: required(args, 0, "URL"),
        ...given("extract_options", flags.extract?.split(",") as ScrapeInput["extract_options"]),
        ...(flags.follow ? { follow_internal_links: true } : {}),
        ...given("max_pages", numberArg(flags["max-pages"], "--max-pages")),
      },
      flags["idempotency-key"],
    );
    const page = r.primary_content;
    return { json: r, text: `${r.url}${page.error ? ` failed: ${page.error.code}` : `\n${page.title ?? ""}\n\n${page.text ?? ""}`}\n${credits(r)}` };
  },
};

export const validate: Command = {
  name: "validate",
  usage: "validate",
  summary: "the search key's plan, credits and windows (free)",
  run: async (ctx) => {
    const v = await ctx.search.validate();
    return { json: v, text: `${v.name} (${v.key_id}): plan ${v.plan}, ${v.credits} credits.` };
  },
};
