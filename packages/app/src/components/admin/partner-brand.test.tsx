/**
 * Reports under a partner's brand, in the app: the administrator's brand form (its
 * contrast preview, its checks before any call, the saved colour's note, the server's logo
 * message, assigning a user) and the brand at the top of a partner user's results page.
 */
import { BRAND_MESSAGES, type Partner, type PartnerBrand, type PartnerMember } from "@bis/sdk";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { adminRoutes } from "../../test/admin-fixtures";
import { fakeApi, signedIn, signedOut } from "../../test/fake-api";
import { analysisFixture } from "../../test/fixtures";
import { findToast, renderApp } from "../../test/render-app";

vi.mock("../../lib/basemap", () => import("../../test/basemap-stub"));

// The lazy admin screen, loaded once up front.
await import("../../pages/admin-page");

const acme: Partner = {
  id: "p1",
  name: "Acme",
  publicKey: "pk_4QJc9u0sT1mZbXy7Kd2PfA8e",
  allowedOrigins: ["https://acme.example"],
  webhookUrl: null,
  hasWebhookSecret: true,
  dailyQuota: 1000,
  active: true,
  createdAt: "2026-01-05T10:00:00.000Z",
  usageToday: 0,
  leads: 0,
  failedDeliveries: 0,
};

const brand: PartnerBrand = {
  partnerId: "p1",
  displayName: "Acme Growth Partners",
  primaryColor: "#0e7490",
  textColor: "#ffffff",
  contrast: 5.35,
  contactLine: "Call Acme at (555) 010-2000",
  logoUrl: "/api/brands/p1/logo?v=0123456789abcdef",
  updatedAt: "2026-01-06T10:00:00.000Z",
};

const member = (userId: string, email: string, extra: Partial<PartnerMember> = {}) =>
  ({
    userId,
    email,
    partnerId: "p1",
    source: "widget",
    status: "confirmed",
    assignedAt: "2026-01-07T10:00:00.000Z",
    ...extra,
  }) satisfies PartnerMember;
const pam = member("u8", "pam@example.com", { status: "pending" });
const wendy = member("u9", "wendy@example.com");
const carl = member("u7", "carl@example.com", { source: "admin" });

function routes(extra = {}) {
  return adminRoutes({
    "GET /api/admin/partners": { status: 200, body: { partners: [acme] } },
    "GET /api/admin/leads": { status: 200, body: { leads: [] } },
    "GET /api/admin/partners/p1/brand": {
      status: 404,
      body: { code: "BRAND_NOT_FOUND", message: BRAND_MESSAGES.brandNotFound },
    },
    "GET /api/admin/partners/p1/members": ({ query }: { query: URLSearchParams }) =>
      query.get("cursor") === "after-2"
        ? { status: 200, body: { members: [carl], nextCursor: null, total: 3, limit: 50 } }
        : {
            status: 200,
            body: { members: [pam, wendy], nextCursor: "after-2", total: 3, limit: 50 },
          },
    ...extra,
  });
}

describe("Admin → Partners → Partner brands", () => {
  it("checks the colour's contrast before saving, then saves and says which text colour it keeps", async () => {
    const api = fakeApi(
      routes({
        "PUT /api/admin/partners/p1/brand": {
          status: 200,
          body: { brand, contrastNote: "White text on #0e7490 (contrast 5.35:1)" },
        },
      }),
    );
    const { user } = renderApp("/admin?tab=partners");
    const form = within(await screen.findByRole("form", { name: "Brand of Acme" }));
    // A new brand starts from the partner's name.
    expect((form.getByLabelText("Display name") as HTMLInputElement).value).toBe("Acme");

    const colour = form.getByLabelText("Primary colour");
    await user.clear(colour);
    await user.type(colour, "#777777");
    // The preview says it as the colour is typed; saving puts it on the field too.
    expect(form.getAllByText(/^Primary colour #777777 keeps no text legible/).length).toBe(1);
    await user.click(form.getByRole("button", { name: "Save brand" }));
    expect(form.getAllByText(/^Primary colour #777777 keeps no text legible/).length).toBe(2);
    expect(api.calls.some((c) => c.method === "PUT")).toBe(false);

    await user.clear(colour);
    await user.type(colour, "#0E7490");
    expect(form.getByText(/^White text on #0e7490 \(contrast 5\.\d\d:1\)$/)).toBeTruthy();
    await user.clear(form.getByLabelText("Display name"));
    await user.type(form.getByLabelText("Display name"), "Acme Growth Partners");
    await user.type(form.getByLabelText("Contact line"), "Call Acme at (555) 010-2000");
    await user.click(form.getByRole("button", { name: "Save brand" }));

    await waitFor(() =>
      expect(api.calls.find((c) => c.method === "PUT")?.body).toEqual({
        displayName: "Acme Growth Partners",
        primaryColor: "#0E7490",
        contactLine: "Call Acme at (555) 010-2000",
      }),
    );
    // The toast says which text colour BIS keeps on the saved colour.
    const toast = (await findToast("Brand saved")).closest("li") as HTMLElement;
    expect(within(toast).getByText("White text on #0e7490 (contrast 5.35:1)")).toBeTruthy();
  });

  it("uploads the logo's bytes and shows the server's message when it refuses them", async () => {
    const api = fakeApi(
      routes({
        "PUT /api/admin/partners/p1/brand": {
          status: 415,
          body: { code: "UNSUPPORTED_MEDIA_TYPE", message: BRAND_MESSAGES.logoType },
        },
      }),
    );
    const { user } = renderApp("/admin?tab=partners");
    const form = within(await screen.findByRole("form", { name: "Brand of Acme" }));
    const file = new File(["GIF89a"], "logo.png", { type: "image/png" });
    await user.upload(form.getByLabelText("Logo"), file);
    await user.click(form.getByRole("button", { name: "Save brand" }));
    expect(await findToast("Failed to save brand")).toBeTruthy();
    expect(await form.findByText(BRAND_MESSAGES.logoType)).toBeTruthy();
    const put = api.calls.find((c) => c.method === "PUT")?.body as {
      logo?: { dataBase64: string };
    };
    expect(put.logo?.dataBase64).toBe(btoa("GIF89a"));
  });

  it("lists the partner's users and assigns one by email", async () => {
    const api = fakeApi(
      routes({
        "POST /api/admin/partners/p1/members": {
          status: 201,
          body: {
            userId: "u2",
            email: "otto@example.com",
            partnerId: "p1",
            source: "admin",
            status: "confirmed",
            assignedAt: "2026-01-08T10:00:00.000Z",
          },
        },
      }),
    );
    const { user } = renderApp("/admin?tab=partners");
    const users = within(await screen.findByRole("list", { name: "Users of Acme" }));
    expect(users.getByText("wendy@example.com")).toBeTruthy();
    expect(users.getByText(/^Registered through the widget/)).toBeTruthy();

    const assign = within(screen.getByRole("form", { name: "Assign a user to Acme" }));
    await user.type(assign.getByLabelText("User's email"), "otto@example.com");
    await user.click(assign.getByRole("button", { name: "Assign user" }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({
        email: "otto@example.com",
      }),
    );
    expect(await screen.findByText("otto@example.com reports under Acme")).toBeTruthy();
  });

  it("shows widget sign-ups as pending requests to confirm or decline, a page at a time", async () => {
    const api = fakeApi(
      routes({
        "POST /api/admin/partners/p1/members/u8/confirm": {
          status: 200,
          body: { ...pam, status: "confirmed" },
        },
        "DELETE /api/admin/partners/p1/members/u8": { status: 204 },
      }),
    );
    const { user } = renderApp("/admin?tab=partners");
    const users = within(await screen.findByRole("list", { name: "Users of Acme" }));
    const pending = within(users.getByText("pam@example.com").closest("li") as HTMLElement);
    expect(pending.getByText("Pending: no brand yet")).toBeTruthy();
    expect(pending.getByText(/^Asked to join through the widget/)).toBeTruthy();
    const confirmed = within(users.getByText("wendy@example.com").closest("li") as HTMLElement);
    expect(confirmed.queryByText("Pending: no brand yet")).toBeNull();
    expect(confirmed.queryByRole("button", { name: "Confirm wendy@example.com" })).toBeNull();

    // Paginated like the other admin lists.
    expect(users.queryByText("carl@example.com")).toBeNull();
    expect(screen.getByText("Showing 2 of 3 users")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await users.findByText("carl@example.com")).toBeTruthy();

    await user.click(users.getByRole("button", { name: "Confirm pam@example.com" }));
    expect(await screen.findByText("pam@example.com reports under Acme")).toBeTruthy();
    expect(api.calls.some((c) => c.method === "POST" && c.path.endsWith("/u8/confirm"))).toBe(true);
    await user.click(users.getByRole("button", { name: "Decline pam@example.com" }));
    expect(await screen.findByText("Declined pam@example.com's request to join Acme")).toBeTruthy();
    expect(api.calls.some((c) => c.method === "DELETE" && c.path.endsWith("/members/u8"))).toBe(
      true,
    );
  });
});

describe("the results page of a partner's user", () => {
  it("shows the partner's name, logo and contact line, with BIS in small print", async () => {
    fakeApi({
      ...signedIn,
      "GET /api/analyses/an_123": { status: 200, body: analysisFixture() },
      "GET /api/analyses/an_123/brand": { status: 200, body: { brand } },
    });
    renderApp("/analysis/an_123");
    const banner = within(
      await screen.findByRole(
        "region",
        { name: "Prepared by Acme Growth Partners" },
        { timeout: 5000 },
      ),
    );
    expect(banner.getByText("Acme Growth Partners")).toBeTruthy();
    expect(banner.getByText("Call Acme at (555) 010-2000")).toBeTruthy();
    expect(banner.getByText("Data and analysis by BIS")).toBeTruthy();
    expect(banner.getByRole("img", { name: "Acme Growth Partners logo" }).getAttribute("src")).toBe(
      brand.logoUrl,
    );
  });

  it("shows no brand to a user without a partner", async () => {
    fakeApi({
      ...signedIn,
      "GET /api/analyses/an_123": { status: 200, body: analysisFixture() },
      "GET /api/analyses/an_123/brand": { status: 200, body: { brand: null } },
    });
    renderApp("/analysis/an_123");
    expect(await screen.findByRole("heading", { name: "Austin, TX", level: 1 })).toBeTruthy();
    expect(screen.queryByText("Data and analysis by BIS")).toBeNull();
  });
});

describe("registering through a partner's widget", () => {
  it("sends the widget's ref with the registration", async () => {
    const api = fakeApi({
      "GET /api/auth/user": signedOut,
      "POST /api/auth/register": {
        status: 201,
        body: { message: "Check your email", user: { firstName: "Wendy", email: "w@example.com" } },
      },
    });
    const { user } = renderApp(`/register?ref=${acme.publicKey}`);
    await user.type(await screen.findByLabelText("First Name", {}, { timeout: 5000 }), "Wendy");
    await user.type(screen.getByLabelText("Last Name"), "Tester");
    await user.type(screen.getByLabelText("Email"), "w@example.com");
    await user.type(screen.getByLabelText("Password"), "Secret#123");
    await user.type(screen.getByLabelText("Confirm Password"), "Secret#123");
    await user.click(screen.getByRole("button", { name: "Create Account & Start Analysis" }));
    expect(await screen.findByRole("heading", { name: "Registration Successful!" })).toBeTruthy();
    expect(api.calls.find((c) => c.path === "/api/auth/register")?.body).toMatchObject({
      email: "w@example.com",
      ref: acme.publicKey,
    });
  });
});
