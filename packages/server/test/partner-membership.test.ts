/**
 * Partner membership through the widget's `ref`: registering with a partner's public
 * widget key makes a pending request, with no brand, until an administrator confirms it (or
 * declines it); the members list is paginated and filters by status.
 */
import type { Partner, PartnerMember } from "@bis/sdk";
import type { NodeClient } from "@bis/sdk/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  errorOf,
  me,
  type ServerWithUsers,
  signedInUser,
  startWithUsers,
} from "./support/index.js";

describe("partner membership through the widget", () => {
  let s: ServerWithUsers;
  let acme: Partner;
  const users: NodeClient[] = [];

  /** Registers a user through acme's widget. */
  async function widgetSignup(name: string): Promise<{ client: NodeClient; userId: string }> {
    const client = await signedInUser(s.bis, name, { ref: acme.publicKey });
    users.push(client);
    return { client, userId: (await me(client)).id };
  }

  beforeAll(async () => {
    s = await startWithUsers("Rita");
    acme = (
      await s.admin.admin.createPartner({ name: "Acme", allowedOrigins: ["https://acme.example"] })
    ).partner;
    await s.admin.admin.savePartnerBrand(acme.id, {
      displayName: "Acme Growth Partners",
      primaryColor: "#0E7490",
    });
  }, 60_000);
  afterAll(async () => {
    for (const c of users) await c.close();
    await s?.close();
  });

  it("makes a widget sign-up a pending request without the brand until an administrator confirms", async () => {
    const { client, userId } = await widgetSignup("Wendy");
    expect(await client.account.brand()).toBeNull();
    const pending = await s.admin.admin.partnerMembers(acme.id, { status: "pending" });
    expect(pending.map((m) => [m.userId, m.source, m.status])).toEqual([
      [userId, "widget", "pending"],
    ]);

    const confirmed = await s.admin.admin.confirmPartnerMember(acme.id, userId);
    expect(confirmed).toMatchObject({ userId, status: "confirmed", source: "widget" });
    expect((await client.account.brand())?.displayName).toBe("Acme Growth Partners");
    // Confirming again changes nothing.
    expect((await s.admin.admin.confirmPartnerMember(acme.id, userId)).status).toBe("confirmed");
    const audit = await s.admin.admin.audit();
    expect(audit.filter((e) => e.action === "partner.member.confirm")).toHaveLength(1);
  });

  it("declines a request: the user stays on BIS's own brand and leaves the list", async () => {
    const { client, userId } = await widgetSignup("Dora");
    await s.admin.admin.unassignPartnerMember(acme.id, userId);
    expect(await client.account.brand()).toBeNull();
    const all = await s.admin.admin.partnerMembers(acme.id);
    expect(all.map((m) => m.userId)).not.toContain(userId);
    expect((await s.admin.admin.audit()).map((e) => e.action)).toContain("partner.member.decline");
    const gone = await errorOf(s.admin.admin.confirmPartnerMember(acme.id, userId));
    expect(gone.status).toBe(404);
  });

  it("keeps confirming to administrators", async () => {
    const { userId } = await widgetSignup("Pam");
    for (const client of [s.owner, users[0] as NodeClient]) {
      const error = await errorOf(client.admin.confirmPartnerMember(acme.id, userId));
      expect(error.status).toBe(403);
    }
    expect((await s.admin.admin.partnerMembers(acme.id, { status: "pending" })).length).toBe(1);
  });

  it("pages the members list, pending first, and filters it by status", async () => {
    // Three more confirmed members assigned by the administrator: 1 + 3 confirmed, 1 pending.
    for (const name of ["Ann", "Bob", "Cid"]) {
      const client = await signedInUser(s.bis, name);
      users.push(client);
      await s.admin.admin.assignPartnerMember(acme.id, (await me(client)).email);
    }
    const seen: PartnerMember[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await s.admin.admin.partnerMembersPage(acme.id, { limit: 2, cursor });
      expect(page.total).toBe(5);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen.map((m) => m.userId)).size).toBe(5);
    expect(seen.map((m) => m.status)).toEqual([
      "pending",
      "confirmed",
      "confirmed",
      "confirmed",
      "confirmed",
    ]);
    const confirmedEmails = seen.filter((m) => m.status === "confirmed").map((m) => m.email);
    expect(confirmedEmails).toEqual([...confirmedEmails].sort());
    const onlyConfirmed = await s.admin.admin.partnerMembersPage(acme.id, { status: "confirmed" });
    expect(onlyConfirmed.total).toBe(4);
    const badCursor = await errorOf(s.admin.admin.partnerMembersPage(acme.id, { cursor: "nope" }));
    expect(badCursor.status).toBe(400);
  });
});
