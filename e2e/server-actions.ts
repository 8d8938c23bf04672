import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Browser } from "@playwright/test";
import { z } from "zod";

/** One server action of the production build: its id and a page it is posted to. */
export interface ServerAction {
  id: string;
  page: string;
}

const manifestSchema = z.object({ node: z.record(z.string(), z.object({ workers: z.record(z.string(), z.unknown()) })) });

/** Every server action in the build's manifest, with the first page that uses it (dynamic segments filled in). */
export function serverActions(): ServerAction[] {
  const file = path.join(process.cwd(), ".next", "server", "server-reference-manifest.json");
  const manifest = manifestSchema.parse(JSON.parse(fs.readFileSync(file, "utf8")));
  return Object.entries(manifest.node).map(([id, { workers }]) => {
    const worker = Object.keys(workers).find((w) => w.endsWith("/page")) ?? Object.keys(workers)[0] ?? "app/page";
    const page = `/${worker.replace(/^app\//, "").replace(/\/?page$/, "")}`.replace(/\[[^\]]+\]/g, "BTC-USD");
    return { id, page };
  });
}

/** Every route handler of the build (app/**\/route.ts), with dynamic segments filled in. */
export function routeHandlers(): string[] {
  const file = path.join(process.cwd(), ".next", "server", "app-paths-manifest.json");
  const manifest = z.record(z.string(), z.string()).parse(JSON.parse(fs.readFileSync(file, "utf8")));
  return Object.keys(manifest)
    .filter((p) => p.endsWith("/route") && !p.startsWith("/api/auth"))
    .map((p) => p.replace(/\/route$/, "").replace(/\[[^\]]+\]/g, "swp_unknown0000000000"));
}

/** Calls a server action as the browser does: a POST to its page with the action id and the arguments as JSON. */
export async function callAction(request: APIRequestContext, baseURL: string, action: ServerAction, body: string, contentType = "text/plain;charset=UTF-8") {
  const res = await request.post(action.page, {
    headers: { "next-action": action.id, "content-type": contentType, accept: "text/x-component", origin: baseURL },
    data: body,
    maxRedirects: 0,
    failOnStatusCode: false,
  });
  return { status: res.status(), text: await res.text() };
}

/** A new owner signed in with email and password in a browser context of its own; its request context carries the session. */
export async function signedUpOwner(browser: Browser, baseURL: string, name: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "New here? Create an account" }).click();
  await page.getByLabel("Email").fill(`${name}-${Date.now()}@example.test`);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/keys$/);
  return { context, page, request: context.request };
}
