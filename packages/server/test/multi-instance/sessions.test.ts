/**
 * A sign-out, a password change, a role change and a deletion on one instance hold on every
 * other instance at the next request: no instance keeps a copy of a session or a
 * user that could outlive the change — the staleness bound is zero requests.
 * Runs in the server-pg project only (vitest.pg.config.ts).
 */
import { createNodeClient, type NodeClient } from "@bis/sdk/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorOf } from "../support/errors.js";
import { type InstanceGroup, startInstances } from "../support/instances.js";
import { signedInAdmin, signedInUser } from "../support/users.js";

function sessionOf(client: NodeClient): string {
  const cookie = client.cookies.header();
  if (!cookie) throw new Error("not signed in");
  return cookie;
}

describe("sessions across three instances on one PostgreSQL database", () => {
  let group: InstanceGroup;
  let admin: NodeClient;

  beforeAll(async () => {
    group = await startInstances(3, { BIS_LOGIN_RATE_LIMIT: "1000" });
    admin = await signedInAdmin(group);
  }, 180_000);

  afterAll(async () => {
    await admin?.close();
    await group?.close();
  }, 60_000);

  it("a sign-out on one instance is refused on the others at the next request", async () => {
    const user = await signedInUser(group, "Sam");
    const [first, second, third] = group.clientsFor(sessionOf(user)) as NodeClient[];
    // The session works everywhere first (each instance has verified it once).
    for (const client of [first, second, third]) {
      expect((await client?.auth.user())?.firstName).toBe("Sam");
    }
    await second?.auth.logout();
    expect(await first?.auth.user()).toBeNull();
    expect(await third?.auth.user()).toBeNull();
    expect((await errorOf((third as NodeClient).analyses.list())).status).toBe(401);
    await user.close();
  });

  it("a password change ends the user's other sessions on every instance", async () => {
    const user = await signedInUser(group, "Pat");
    const me = await user.auth.user();
    if (!me) throw new Error("not signed in");
    // A second device signs in to the same account through the third instance.
    const device = createNodeClient({
      baseUrl: (group.instances[2] as { url: string }).url,
      headers: { Origin: group.url },
    });
    await device.auth.login({ email: me.email, password: "Cool-Air9!" });
    const deviceEverywhere = group.clientsFor(sessionOf(device));
    for (const client of deviceEverywhere) expect(await client.auth.user()).not.toBeNull();

    await user.auth.changePassword({ currentPassword: "Cool-Air9!", newPassword: "Warm-Air10!" });
    for (const client of deviceEverywhere) expect(await client.auth.user()).toBeNull();
    // The device that changed it stays signed in (its cookie was renewed).
    expect((await user.auth.user())?.id).toBe(me.id);
    await device.close();
    await user.close();
  });

  it("a role change on one instance holds on the others at once, and so does a deletion", async () => {
    const user = await signedInUser(group, "Rae");
    const me = await user.auth.user();
    if (!me) throw new Error("not signed in");
    const clients = group.clientsFor(sessionOf(user));
    const admins = group.clientsFor(sessionOf(admin));

    await (admins[0] as NodeClient).admin.setAdmin(me.id, true);
    expect((await (clients[1] as NodeClient).admin.analytics()).totalUsers).toBeGreaterThan(0);
    await (admins[1] as NodeClient).admin.setAdmin(me.id, false);
    expect((await errorOf((clients[2] as NodeClient).admin.analytics())).status).toBe(403);

    await (admins[2] as NodeClient).admin.deleteUser(me.id);
    for (const client of clients) expect(await client.auth.user()).toBeNull();
    await user.close();
  });
});
