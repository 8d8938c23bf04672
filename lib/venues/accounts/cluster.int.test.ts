import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestCluster, type TestApi, type TestCluster } from "../../testing/api";
import { createTestOwner } from "../../testing/owners";
import { describeWithRedis } from "../../testing/redis";
import { venueAccountsOf } from "../../testing/venue-accounts";

const LINKED = { walletAddress: `0x${"ab".repeat(20)}`, privateKey: `0x${"11".repeat(32)}` };

describeWithRedis(
  "venue accounts across the instances of a deployment",
  () => {
    let cluster: TestCluster;
    beforeAll(async () => {
      cluster = await createTestCluster(2);
    });
    afterAll(() => cluster.close());

    it("a link or removal on one instance reaches the other's directory at once", async () => {
      const [host, other] = cluster.instances as [TestApi, TestApi];
      const owner = await createTestOwner(host);
      // The instance the owner reaches links; the host's directory (the one its venues read) must follow.
      const onOther = venueAccountsOf(other);
      const directory = host.deps.venueAccounts.directory;
      expect(await directory.credentials(owner.id, "hyperliquid")).toBeUndefined();
      const heard: string[] = [];
      directory.onChange((o, v) => o === owner.id && heard.push(v));

      await onOther.link(owner.id, "hyperliquid", LINKED);
      await until(() => heard.length === 1);
      expect(await directory.credentials(owner.id, "hyperliquid")).toEqual(LINKED);

      await onOther.remove(owner.id, "hyperliquid");
      await until(() => heard.length === 2);
      expect(await directory.credentials(owner.id, "hyperliquid")).toBeUndefined();
    });
  },
  { needsPostgres: true },
);

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 300 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(done()).toBe(true);
}
