import { type Lead, PARTNER_MESSAGES, type Partner } from "@bis/sdk";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { adminRoutes } from "../../test/admin-fixtures";
import { type FakeRoute, fakeApi } from "../../test/fake-api";
import { findToast, renderApp } from "../../test/render-app";
import { toPartnerCreate, widgetSnippet } from "./partner-form";

// The lazy admin screen, loaded once up front.
await import("../../pages/admin-page");

const coolSupply: Partner = {
  id: "p1",
  name: "Cool Supply Co.",
  publicKey: "pk_4QJc9u0sT1mZbXy7Kd2PfA8e",
  allowedOrigins: ["https://www.cool-supply.com", "https://cool-supply.com"],
  webhookUrl: "https://hooks.cool-supply.com/bis",
  hasWebhookSecret: true,
  dailyQuota: 1000,
  active: true,
  createdAt: "2026-01-05T10:00:00.000Z",
  usageToday: 42,
  leads: 7,
  failedDeliveries: 2,
};

const oldPartner: Partner = {
  ...coolSupply,
  id: "p2",
  name: "Heat Guild",
  publicKey: "pk_oldoldoldoldoldoldoldold",
  allowedOrigins: ["https://heat-guild.org"],
  webhookUrl: null,
  hasWebhookSecret: true,
  active: false,
  usageToday: 0,
  leads: 0,
  failedDeliveries: 0,
};

const lead = (patch: Partial<Lead>): Lead => ({
  id: "l1",
  partnerId: "p1",
  partnerName: "Cool Supply Co.",
  analysisId: "an_1",
  name: "Lee Homeowner",
  email: "lee@example.com",
  consent: true,
  webhookStatus: "delivered",
  webhookAttempts: 1,
  webhookLastError: null,
  deliveredAt: "2026-01-06T09:00:01.000Z",
  createdAt: "2026-01-06T09:00:00.000Z",
  ...patch,
});

const leads: Lead[] = [
  lead({}),
  lead({
    id: "l2",
    name: "Kim Renter",
    email: "kim@example.com",
    webhookStatus: "failed",
    webhookAttempts: 4,
    webhookLastError: "HTTP 500 Internal Server Error",
    deliveredAt: null,
  }),
  lead({
    id: "l3",
    partnerId: "p2",
    partnerName: "Heat Guild",
    email: "pat@example.com",
    name: "Pat",
    webhookStatus: "none",
    webhookAttempts: 0,
    deliveredAt: null,
  }),
];

function partnerRoutes(extra: Record<string, FakeRoute> = {}) {
  return adminRoutes({
    "GET /api/admin/partners": { status: 200, body: { partners: [coolSupply, oldPartner] } },
    "GET /api/admin/leads": { status: 200, body: { leads } },
    ...extra,
  });
}

const confirmSpy = vi.fn((_message?: string) => true);
const originalConfirm = window.confirm;
beforeEach(() => {
  confirmSpy.mockReset();
  confirmSpy.mockReturnValue(true);
  window.confirm = confirmSpy;
});
afterEach(() => {
  window.confirm = originalConfirm;
});

async function partnersRegion() {
  return screen.findByRole("region", { name: "Widget partners" });
}

describe("Admin → Partners", () => {
  it("lists every partner with key, origins, usage, leads, failed deliveries and status", async () => {
    fakeApi(partnerRoutes());
    renderApp("/admin?tab=partners");
    const region = await partnersRegion();
    const row = (await within(region).findByText("Cool Supply Co.")).closest("tr") as HTMLElement;
    const cells = within(row);
    expect(cells.getByText(coolSupply.publicKey)).toBeTruthy();
    expect(cells.getByText("https://www.cool-supply.com")).toBeTruthy();
    expect(cells.getByText("https://cool-supply.com")).toBeTruthy();
    expect(cells.getByText("42 / 1,000")).toBeTruthy();
    expect(cells.getByText("7")).toBeTruthy();
    expect(cells.getByText("2")).toBeTruthy();
    expect(cells.getByText("Active")).toBeTruthy();
    expect(cells.getByRole("button", { name: "Revoke Cool Supply Co." })).toBeTruthy();

    const revoked = within(within(region).getByText("Heat Guild").closest("tr") as HTMLElement);
    expect(revoked.getByText("Revoked")).toBeTruthy();
    expect(revoked.getByRole("button", { name: "Reinstate Heat Guild" })).toBeTruthy();
  });

  it("lists the leads with their delivery status, and filters them", async () => {
    const api = fakeApi(partnerRoutes());
    const { user } = renderApp("/admin?tab=partners");
    const region = await screen.findByRole("region", { name: "Widget leads" });
    const rowOf = async (email: string) =>
      within((await within(region).findByText(email)).closest("tr") as HTMLElement);
    expect((await rowOf("lee@example.com")).getByText("Delivered")).toBeTruthy();
    const failed = await rowOf("kim@example.com");
    expect(failed.getByText("Failed")).toBeTruthy();
    expect(failed.getByText("4 attempts")).toBeTruthy();
    expect(failed.getByText("HTTP 500 Internal Server Error")).toBeTruthy();
    expect((await rowOf("pat@example.com")).getByText("No webhook")).toBeTruthy();

    await user.selectOptions(within(region).getByLabelText("Delivery"), "failed");
    await waitFor(() =>
      expect(api.fetch.mock.calls.map(([url]) => String(url))).toContain(
        "/api/admin/leads?status=failed",
      ),
    );
  });

  it("creates a partner and shows its webhook secret once, with the snippet", async () => {
    const created = { ...coolSupply, id: "p3", name: "Duct Pros", usageToday: 0, leads: 0 };
    const api = fakeApi(
      partnerRoutes({
        "POST /api/admin/partners": {
          status: 201,
          body: { partner: created, webhookSecret: "whsec_secret123" },
        },
      }),
    );
    const { user } = renderApp("/admin?tab=partners");
    const region = await partnersRegion();
    await user.click(within(region).getByRole("button", { name: "New partner" }));
    const form = within(region).getByRole("form", { name: "New partner" });

    await user.clear(within(form).getByLabelText("Daily quota"));
    await user.click(within(form).getByRole("button", { name: "Create partner" }));
    expect(await within(form).findByText(PARTNER_MESSAGES.nameRequired)).toBeTruthy();
    expect(within(form).getByText(PARTNER_MESSAGES.originsRequired)).toBeTruthy();
    expect(within(form).getByText(PARTNER_MESSAGES.dailyQuota)).toBeTruthy();
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);

    await user.type(within(form).getByLabelText("Partner name"), "Duct Pros");
    await user.type(within(form).getByLabelText("Allowed origins"), "https://ductpros.example/");
    await user.type(within(form).getByLabelText("Daily quota"), "250");
    await user.type(
      within(form).getByLabelText("Webhook URL (optional)"),
      "https://hooks.ductpros.example/bis",
    );
    await user.click(within(form).getByRole("button", { name: "Create partner" }));

    const secret = await within(region).findByRole("region", {
      name: "Duct Pros: webhook secret (shown once)",
    });
    expect(within(secret).getByText("whsec_secret123")).toBeTruthy();
    expect(within(secret).getByText(/partner-key="pk_4QJc9u0sT1mZbXy7Kd2PfA8e"/)).toBeTruthy();
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({
      name: "Duct Pros",
      allowedOrigins: ["https://ductpros.example/"],
      webhookUrl: "https://hooks.ductpros.example/bis",
      dailyQuota: 250,
    });
    expect(await findToast("Success")).toBeTruthy();
    // The form closed; the list is fetched again.
    expect(within(region).queryByRole("form", { name: "New partner" })).toBeNull();
    await waitFor(() =>
      expect(
        api.calls.filter((c) => c.method === "GET" && c.path === "/api/admin/partners").length,
      ).toBe(2),
    );

    await user.click(within(secret).getByRole("button", { name: "I have saved the secret" }));
    expect(within(region).queryByText("whsec_secret123")).toBeNull();
  });

  it("shows the server's message when creating fails", async () => {
    fakeApi(
      partnerRoutes({
        "POST /api/admin/partners": {
          status: 400,
          body: { code: "VALIDATION_FAILED", message: "Partner name is already in use" },
        },
      }),
    );
    const { user } = renderApp("/admin?tab=partners");
    const region = await partnersRegion();
    await user.click(within(region).getByRole("button", { name: "New partner" }));
    await user.type(within(region).getByLabelText("Partner name"), "Cool Supply Co.");
    await user.type(within(region).getByLabelText("Allowed origins"), "https://a.example");
    await user.click(within(region).getByRole("button", { name: "Create partner" }));
    expect(await findToast("Failed to create partner")).toBeTruthy();
    expect(await screen.findByText("Partner name is already in use")).toBeTruthy();
  });

  it("revokes a partner after a confirmation, and reinstates one", async () => {
    const api = fakeApi(
      partnerRoutes({
        "DELETE /api/admin/partners/p1": { status: 200, body: { ...coolSupply, active: false } },
        "PATCH /api/admin/partners/p2": {
          status: 200,
          body: { partner: { ...oldPartner, active: true } },
        },
      }),
    );
    const { user } = renderApp("/admin?tab=partners");
    const region = await partnersRegion();
    const revoke = await within(region).findByRole("button", { name: "Revoke Cool Supply Co." });

    confirmSpy.mockReturnValueOnce(false);
    await user.click(revoke);
    expect(confirmSpy.mock.calls[0]?.[0]).toContain("Revoke Cool Supply Co.?");
    expect(api.calls.some((c) => c.method === "DELETE")).toBe(false);

    await user.click(revoke);
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === "DELETE" && c.path.endsWith("/p1"))).toBe(true),
    );
    expect(await findToast("Success")).toBeTruthy();

    await user.click(within(region).getByRole("button", { name: "Reinstate Heat Guild" }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === "PATCH")?.body).toEqual({ active: true }),
    );
  });
});

describe("partner form helpers", () => {
  it("splits origins on lines, commas and spaces, and keeps the server's messages", () => {
    const ok = toPartnerCreate({
      name: " A ",
      origins: "https://a.example\nhttps://b.example, http://127.0.0.1:4000",
      webhookUrl: "",
      dailyQuota: "10",
    });
    expect(ok.body?.allowedOrigins).toEqual([
      "https://a.example",
      "https://b.example",
      "http://127.0.0.1:4000",
    ]);
    expect(ok.body && "webhookUrl" in ok.body).toBe(false);
    const bad = toPartnerCreate({
      name: "A",
      origins: "https://a.example/path",
      webhookUrl: "http://hooks.example",
      dailyQuota: "1.5",
    });
    expect(bad.errors).toEqual({
      allowedOrigins: PARTNER_MESSAGES.origin,
      webhookUrl: PARTNER_MESSAGES.webhookUrl,
      dailyQuota: PARTNER_MESSAGES.dailyQuota,
    });
  });

  it("writes the two-line snippet", () => {
    expect(widgetSnippet("https://bis.example", "pk_1")).toBe(
      '<script src="https://bis.example/widget.js" defer></script>\n<bis-market-analysis partner-key="pk_1"></bis-market-analysis>',
    );
  });
});
