import { afterAll, beforeAll, expect, it } from "vitest";
import { advanceCluster, createTestCluster, settleCluster, type TestApi, type TestCluster } from "../testing/api";
import { describeWithRedis } from "../testing/redis";
import { call, createTrader } from "../testing/trading";

let cluster: TestCluster;
let host: TestApi;
let follower: TestApi;

describeWithRedis(
  "a follower instance",
  () => {
    beforeAll(async () => {
      cluster = await createTestCluster(2, { VENUES: "embedded" });
      [host, follower] = cluster.instances as [TestApi, TestApi];
      await advanceCluster(cluster, 2_000);
    });
    afterAll(() => cluster?.close());

    it("is not the venue host, and answers market data as the host does", async () => {
      expect(host.deps.hosting.isHost()).toBe(true);
      expect(follower.deps.hosting.isHost()).toBe(false);
      for (const path of [
        "/token-pairs",
        "/orderbook/BTC-USD?depth=20",
        "/trades/BTC-USD?limit=20",
        "/candles/BTC-USD?interval=1m&limit=5",
        "/routing/BTC-USD?side=BUY&quantity=0.5",
      ]) {
        const [a, b] = await Promise.all([call(host, "GET", path, {}), call(follower, "GET", path, {})]);
        expect(b.status, path).toBe(a.status);
        expect(b.body, path).toEqual(a.body);
      }
    });

    it("places orders through the host and reads positions and balances as the host does", async () => {
      const trader = await createTrader(follower);
      const placed = await trader.call(
        "POST",
        "/agent/orders",
        { symbol: "BTC-USD", side: "BUY", type: "MARKET", quantity: "0.01" },
        { "idempotency-key": "k-1" },
      );
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      const replay = await trader.call(
        "POST",
        "/agent/orders",
        { symbol: "BTC-USD", side: "BUY", type: "MARKET", quantity: "0.01" },
        { "idempotency-key": "k-1" },
      );
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      expect(replay.body.data).toEqual(placed.body.data);
      await settleCluster(cluster);
      const auth = { authorization: `Bearer ${trader.key}` };
      for (const path of ["/agent/positions", "/agent/balances", "/agent/orders?status=all"]) {
        const [a, b] = await Promise.all([call(host, "GET", path, auth), call(follower, "GET", path, auth)]);
        expect(b.status, path).toBe(200);
        expect(b.body, path).toEqual(a.body);
      }
      const positions = (await trader.call("GET", "/agent/positions")).body.data as unknown[];
      expect(positions.length).toBe(1);
    });

    it("refuses as the host does: risk, bad input, unknown order", async () => {
      const trader = await createTrader(follower);
      const huge = await trader.call("POST", "/agent/orders", { symbol: "BTC-USD", side: "BUY", type: "MARKET", quantity: "5000" });
      expect(huge.status).toBe(403);
      expect(huge.body.category).toBeDefined();
      const bad = await trader.call("POST", "/agent/orders", { symbol: "BTC-USD", side: "BUY", type: "LIMIT", quantity: "0.01" });
      expect(bad.status).toBe(400);
      const unknown = await trader.call("DELETE", "/agent/orders/alder/ord_nope");
      expect(unknown.status).toBe(404);
    });
  },
  { needsPostgres: true },
);
