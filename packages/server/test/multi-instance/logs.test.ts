/**
 * The admin Logs and System tabs on two BIS server processes on one PostgreSQL database:
 * a line logged by one instance is read on the other, both are listed as alive, and
 * one that stops gracefully is listed no more. Runs in the server-pg project only.
 */
import type { NodeClient } from "@bis/sdk/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InstanceGroup, startInstances } from "../support/instances.js";
import { signedInAdmin } from "../support/users.js";

describe("logs and instances across two instances", () => {
  let group: InstanceGroup;
  let admin: NodeClient;
  let first: NodeClient;
  let second: NodeClient;

  beforeAll(async () => {
    group = await startInstances(2, { BIS_LOGIN_RATE_LIMIT: "1000" });
    admin = await signedInAdmin(group);
    const cookie = admin.cookies.header();
    if (!cookie) throw new Error("not signed in");
    [first, second] = group.clientsFor(cookie) as [NodeClient, NodeClient];
  }, 180_000);

  afterAll(async () => {
    await admin?.close();
    await group?.close();
  }, 60_000);

  it("shows a line logged on one instance in the other's Logs, with the instance that wrote it", async () => {
    const secondId = (await second.admin.system()).instanceId;
    const requestId = `cross-instance-${Date.now()}`;
    const missing = await second.fetch(`${group.instances[1]?.url}/api/no-such-route`, {
      method: "GET",
      headers: { "x-request-id": requestId },
    });
    expect(missing.status).toBe(404);
    // Written by the second instance within its flush interval (1 s), read on the first.
    await expect
      .poll(
        async () =>
          (await first.admin.logs({ level: "warn" })).find((e) => e.requestId === requestId),
        { timeout: 10_000, interval: 250 },
      )
      .toMatchObject({ instanceId: secondId, level: "warn" });
    const page = await first.admin.logsPage({ limit: 5 });
    expect(page.items).toHaveLength(5);
    expect(page.total).toBeGreaterThan(5);
  });

  it("lists both instances as alive on each, says which answered, and drops one that stops", async () => {
    const one = await first.admin.system();
    const two = await second.admin.system();
    expect(one.instanceId).not.toBe(two.instanceId);
    const ids = [one.instanceId, two.instanceId].sort();
    expect(one.instances.map((i) => i.id).sort()).toEqual(ids);
    expect(two.instances.map((i) => i.id).sort()).toEqual(ids);
    const pids = one.instances.map((i) => i.pid);
    expect(new Set(pids).size).toBe(2);
    expect(pids).not.toContain(process.pid);

    await group.instances[1]?.kill("SIGTERM");
    const after = await first.admin.system();
    expect(after.instances.map((i) => i.id)).toEqual([one.instanceId]);
    // Its last lines ("shutting down") were written before it went.
    const lines = await first.admin.logs();
    expect(
      lines.some((e) => e.instanceId === two.instanceId && e.message === "shutting down"),
    ).toBe(true);
  });
});
