import { expect, test } from "@playwright/test";
import { callAction, routeHandlers, serverActions, signedUpOwner } from "./server-actions";

// The dashboard's own entry points (every server action of the build and every route handler) sent
// hostile input, signed in and signed out: never a 5xx, and another owner's keys, audit log and kill
// switch unchanged.

const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;

/** Argument lists for an action (the JSON body the browser would send), most of them wrong. */
function hostileArguments(victimKeyId: string): string[] {
  const values = [
    null,
    "",
    "\u0000",
    "\uD800",
    "x".repeat(100_000),
    -1,
    1e308,
    true,
    [],
    {},
    { id: victimKeyId },
    { id: victimKeyId, gracePeriodSeconds: 0 },
    { keyId: victimKeyId, limits: { maxLeverage: "1" } },
    { id: victimKeyId, policy: { swapRecipients: ["0x000000000000000000000000000000000000dEaD"], swapDailyLimitUsd: null } },
    { name: "\u0000", scopes: ["trade"] },
    { id: "../../../etc/passwd" },
    JSON.parse('{"__proto__":{"polluted":true},"id":"x"}'),
    { constructor: { prototype: { polluted: true } } },
  ];
  return [
    "[]",
    "",
    "{",
    "not json",
    deep(2000),
    '["$undefined"]',
    '["$Q0"]',
    '["$@1"]',
    ...values.map((v) => JSON.stringify([v])),
    JSON.stringify([{ id: victimKeyId }, { id: victimKeyId }]),
  ];
}

const HOSTILE_QUERIES = ["", "?before=-1", "?before=%00", "?id=%00", "?keyId=%ED%A0%80", `?q=${"x".repeat(5000)}`, "?__proto__[x]=1", "?limit=1e309"];

test("server actions and route handlers answer hostile input without a 5xx and leave other owners alone", async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const base = baseURL!;
  const actions = serverActions();
  const routes = routeHandlers();
  expect(actions.length).toBeGreaterThan(10);
  expect(routes.length).toBeGreaterThan(5);

  const victim = await signedUpOwner(browser, base, "victim");
  const mintKey = actions.filter((a) => a.page === "/keys");
  // The victim mints a key through its own page's action (whichever action answers with a secret).
  let minted = false;
  for (const action of mintKey) {
    const answer = await callAction(victim.request, base, action, JSON.stringify([{ name: "victim key", scopes: ["account:read", "trade", "swap"] }]));
    if (/bourse_sk_live_/.test(answer.text)) {
      minted = true;
      break;
    }
  }
  expect(minted, "the victim minted a key").toBe(true);
  const victimState = async () => {
    const audit = await victim.request.get("/keys/audit");
    const kill = await victim.request.get("/trade/kill-switch");
    return { audit: await audit.text(), kill: await kill.text() };
  };
  const before = await victimState();
  const victimKeyId = /"keyId":"(key_[0-9A-Za-z]+)"/.exec(before.audit)?.[1];
  expect(victimKeyId, before.audit).toBeTruthy();

  const attacker = await signedUpOwner(browser, base, "attacker");
  const anonymous = await browser.newContext({ baseURL: base });
  const failures: string[] = [];
  let sent = 0;
  for (const action of actions) {
    for (const body of hostileArguments(victimKeyId!)) {
      const answer = await callAction(attacker.request, base, action, body);
      sent++;
      if (answer.status >= 500) failures.push(`${answer.status} action ${action.id} on ${action.page} with ${body.slice(0, 60)}: ${answer.text.slice(0, 160)}`);
    }
    const multipart = await callAction(
      attacker.request,
      base,
      action,
      '--x\r\nContent-Disposition: form-data; name="1_id"\r\n\r\n\u0000\r\n--x--\r\n',
      "multipart/form-data; boundary=x",
    );
    const signedOut = await callAction(anonymous.request, base, action, JSON.stringify([{ id: victimKeyId }]));
    sent += 2;
    for (const answer of [multipart, signedOut])
      if (answer.status >= 500) failures.push(`${answer.status} action ${action.id} on ${action.page}: ${answer.text.slice(0, 160)}`);
  }
  for (const route of routes) {
    for (const query of HOSTILE_QUERIES) {
      // A stream the owner may open stays open (the request would only end at its timeout): streams are sent signed out.
      const callers = route.endsWith("/stream")
        ? ([["signed out", anonymous.request]] as const)
        : ([
            ["signed in", attacker.request],
            ["signed out", anonymous.request],
          ] as const);
      for (const [who, request] of callers) {
        const res = await request.get(`${route}${query}`, { failOnStatusCode: false, maxRedirects: 0, timeout: 15_000 });
        sent++;
        if (res.status() >= 500) failures.push(`${res.status()} GET ${route}${query.slice(0, 40)} ${who}`);
      }
    }
  }
  expect(failures).toEqual([]);
  expect(sent).toBeGreaterThan(300);
  expect(await victimState()).toEqual(before);
  await Promise.all([victim.context.close(), attacker.context.close(), anonymous.close()]);
});
