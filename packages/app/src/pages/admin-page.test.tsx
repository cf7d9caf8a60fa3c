import { notifyManager } from "@tanstack/react-query";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setSessionUser } from "../hooks/use-auth";
import { createQueryClient } from "../lib/api";
import {
  ada,
  adminAnalyses,
  adminRoutes,
  adminUsers,
  apiKey,
  forbidden,
  settings,
} from "../test/admin-fixtures";
import { type FakeRoute, fakeApi, signedIn, signedOut } from "../test/fake-api";
import { held } from "../test/held";
import { findToast, renderApp, toasts } from "../test/render-app";

// The lazy screen is loaded once up front, so that timings measured below are the app's own.
await import("./admin-page");

// The browser confirmation (happy-dom has none): answers yes unless a test says otherwise.
const confirmSpy = vi.fn((_message?: string) => true);
const originalConfirm = window.confirm;

beforeEach(() => {
  confirmSpy.mockReset();
  confirmSpy.mockReturnValue(true);
  window.confirm = confirmSpy;
});

afterEach(() => {
  // A test that ended the session leaves "signed out on purpose" behind; a sign-in clears it.
  setSessionUser(ada, createQueryClient());
  vi.useRealTimers();
  notifyManager.setScheduler((callback) => setTimeout(callback, 0));
  vi.unstubAllEnvs();
  window.confirm = originalConfirm;
});

/* ------------------------------------------------------------------ fake-timer helpers */

/**
 * Fake clocks for timeouts and intervals only: promises, fetch and module loading stay real.
 * TanStack Query delivers its notifications with setTimeout(0), which a fake clock schedules
 * 1 ms ahead when it is set during a tick; a microtask keeps them off the clock, so that the
 * clock moves only when a test says so.
 */
function useFakeClock() {
  notifyManager.setScheduler(queueMicrotask);
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
}

/** The real clock's setTimeout, kept before any test fakes it. */
const realSetTimeout = globalThis.setTimeout;

/** Lets the app run without moving the clock, until `check` holds. */
async function settle(check: () => boolean) {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    await new Promise((resolve) => realSetTimeout(resolve, 0));
  }
  throw new Error(`The app did not get there (${window.location.pathname})`);
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const toastShown = (title: string) => toasts().queryByText(title, { exact: true }) !== null;

/* ------------------------------------------------------------------ access */

describe("/admin access", () => {
  it('turns a standard user away: "Access Denied", then home after exactly 1 s', async () => {
    useFakeClock();
    const api = fakeApi({ ...signedIn, "GET /api/public/settings": { status: 200, body: {} } });
    renderApp("/admin");
    await settle(() => toastShown("Access Denied"));
    expect(toasts().getByText("Administrator privileges required.")).toBeTruthy();
    expect(screen.queryByRole("tablist")).toBeNull();
    expect(window.location.pathname).toBe("/admin");

    await advance(999);
    expect(window.location.pathname).toBe("/admin");
    await advance(1);
    expect(window.location.pathname).toBe("/");
    // No admin data was ever asked for.
    expect(api.calls.filter((c) => c.path.startsWith("/api/admin"))).toEqual([]);
  });

  it("turns away a user the server no longer counts as an administrator (403)", async () => {
    useFakeClock();
    fakeApi(
      adminRoutes({
        "GET /api/admin/analytics": forbidden,
        "GET /api/admin/system": forbidden,
        "GET /api/admin/users": forbidden,
        "GET /api/admin/payments": forbidden,
      }),
    );
    renderApp("/admin");
    await settle(() => toastShown("Access Denied"));
    await advance(999);
    expect(window.location.pathname).toBe("/admin");
    await advance(1);
    expect(window.location.pathname).toBe("/");
  });

  it('answers an expired session (401) with "Session expired. Redirecting to login..." and sign-in after 0.5 s', async () => {
    useFakeClock();
    // The session has ended on the server: the admin calls say so first; the user call too once
    // the sign-in screen asks again.
    let userCallExpired = false;
    fakeApi(
      adminRoutes({
        "GET /api/auth/user": () => (userCallExpired ? signedOut : { status: 200, body: ada }),
        "GET /api/admin/analytics": signedOut,
        "GET /api/admin/system": signedOut,
        "GET /api/admin/users": signedOut,
        "GET /api/admin/payments": signedOut,
      }),
    );
    renderApp("/admin");
    await settle(() => toastShown("Session expired. Redirecting to login..."));
    userCallExpired = true;
    expect(window.location.pathname).toBe("/admin");
    await advance(499);
    expect(window.location.pathname).toBe("/admin");
    await advance(1);
    await settle(() => window.location.pathname === "/signin");
    await settle(() => screen.queryByRole("button", { name: "Sign In" }) !== null);
    expect(window.location.pathname).toBe("/signin");
  });

  it("is open only to signed-in users", async () => {
    fakeApi({
      "GET /api/auth/user": signedOut,
      "GET /api/public/settings": { status: 200, body: {} },
    });
    renderApp("/admin");
    expect(await findToast("Session Expired")).toBeTruthy();
  });
});

/* ------------------------------------------------------------------ summary and tabs */

describe("/admin summary and tabs", () => {
  it("shows the four summary cards and refreshes them every 60 s", async () => {
    useFakeClock();
    const api = fakeApi(adminRoutes());
    renderApp("/admin");
    await settle(() => screen.queryByText("Healthy") !== null);
    await settle(() => screen.queryByText("$1,798") !== null);
    expect(screen.getByRole("heading", { name: "Administration Panel", level: 1 })).toBeTruthy();
    const card = (name: string) => screen.getByRole("region", { name });
    expect(within(card("Total Users")).getByText("3")).toBeTruthy();
    expect(within(card("Total Users")).getByText(/2 active this month/)).toBeTruthy();
    expect(within(card("Total Analyses")).getByText("3")).toBeTruthy();
    expect(within(card("Total Revenue")).getByText("$1,798")).toBeTruthy();
    expect(within(card("System Status")).getByText("Healthy")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back" }).getAttribute("href")).toBe("/");

    const count = (path: string) => api.calls.filter((c) => c.path === path).length;
    expect(count("/api/admin/analytics")).toBe(1);
    await advance(59_999);
    expect(count("/api/admin/analytics")).toBe(1);
    await advance(1);
    await settle(() => count("/api/admin/analytics") === 2);
    expect(count("/api/admin/system")).toBe(2);
  });

  it("has the seven tabs of the specification, then Partners, with roving focus and arrow keys", async () => {
    fakeApi(adminRoutes());
    const { user } = renderApp("/admin");
    const list = await screen.findByRole("tablist", { name: "Administration" });
    const tabs = within(list).getAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual([
      "User Management",
      "Past Searches",
      "Analyses",
      "System",
      "API Keys",
      "Settings",
      "Logs",
      "Partners",
    ]);
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1, -1, -1, -1, -1, -1]);
    expect(tabs[0]?.getAttribute("aria-selected")).toBe("true");

    tabs[0]?.focus();
    await user.keyboard("{ArrowRight}");
    const searches = screen.getByRole("tab", { name: "Past Searches" });
    expect(document.activeElement).toBe(searches);
    expect(searches.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel").getAttribute("aria-labelledby")).toBe(searches.id);
    expect(window.location.search).toBe("?tab=searches");

    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Partners" }));
    await user.keyboard("{Home}");
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "User Management" }));
    await user.keyboard("{End}");
    expect(screen.getByRole("tab", { name: "Partners" }).getAttribute("aria-selected")).toBe(
      "true",
    );
  });
});

/* ------------------------------------------------------------------ users */

describe("/admin User Management", () => {
  it("keeps an administrator from changing their own admin status or deleting themselves", async () => {
    fakeApi(adminRoutes());
    renderApp("/admin");
    const own = await screen.findByRole("switch", { name: `Administrator: ${ada.email}` });
    expect((own as HTMLButtonElement).disabled).toBe(true);
    expect(own.getAttribute("aria-checked")).toBe("true");
    expect(screen.getByText("You cannot change your own admin status")).toBeTruthy();
    const description = document.getElementById(own.getAttribute("aria-describedby") ?? "");
    expect(description?.textContent).toBe("You cannot change your own admin status");
    expect(
      (screen.getByRole("button", { name: `Delete ${ada.email}` }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it("promotes another user after the browser confirmation", async () => {
    const api = fakeApi(
      adminRoutes({
        "PUT /api/admin/users/u1/admin": ({ body }) => ({
          status: 200,
          body: { ...adminUsers[1], ...(body as object) },
        }),
      }),
    );
    const { user } = renderApp("/admin");
    await user.click(
      await screen.findByRole("switch", { name: "Administrator: dana@example.com" }),
    );
    expect(confirmSpy).toHaveBeenCalledWith(
      expect.stringContaining("Make dana@example.com an administrator?"),
    );
    expect(await findToast("Success")).toBeTruthy();
    expect(api.calls.find((c) => c.method === "PUT")?.body).toEqual({ isAdmin: true });
  });

  it("changes nothing when the confirmation is cancelled", async () => {
    confirmSpy.mockReturnValue(false);
    const api = fakeApi(adminRoutes());
    const { user } = renderApp("/admin");
    await user.click(
      await screen.findByRole("switch", { name: "Administrator: dana@example.com" }),
    );
    await user.click(screen.getByRole("button", { name: "Delete dana@example.com" }));
    expect(confirmSpy).toHaveBeenCalledTimes(2);
    expect(api.calls.filter((c) => c.method !== "GET")).toEqual([]);
  });

  it('says "Failed to update admin status" when the server refuses', async () => {
    fakeApi(
      adminRoutes({
        "PUT /api/admin/users/u1/admin": {
          status: 400,
          body: { code: "BAD_REQUEST", message: "The last administrator cannot be removed" },
        },
      }),
    );
    const { user } = renderApp("/admin");
    await user.click(
      await screen.findByRole("switch", { name: "Administrator: dana@example.com" }),
    );
    expect(await findToast("Failed to update admin status")).toBeTruthy();
    expect(toasts().getByText("The last administrator cannot be removed")).toBeTruthy();
  });

  it("deletes a user after a confirmation that lists the account, analyses and payments", async () => {
    const api = fakeApi(
      adminRoutes({
        "DELETE /api/admin/users/u1": {
          status: 200,
          body: { deletedUser: { id: "u1", email: "dana@example.com" } },
        },
      }),
    );
    const { user } = renderApp("/admin");
    await user.click(await screen.findByRole("button", { name: "Delete dana@example.com" }));
    const text = String(confirmSpy.mock.calls[0]?.[0]);
    expect(text).toContain("the account dana@example.com");
    expect(text).toContain("2 analyses");
    expect(text).toContain("1 payment");
    expect(text).toContain("cannot be undone");
    expect(await findToast("Success")).toBeTruthy();
    expect(api.calls.some((c) => c.method === "DELETE" && c.path === "/api/admin/users/u1")).toBe(
      true,
    );
  });

  it('says "Failed to delete user" when the deletion fails', async () => {
    fakeApi(
      adminRoutes({
        "DELETE /api/admin/users/u1": { status: 500, body: { code: "INTERNAL", message: "Boom" } },
      }),
    );
    const { user } = renderApp("/admin");
    await user.click(await screen.findByRole("button", { name: "Delete dana@example.com" }));
    expect(await findToast("Failed to delete user")).toBeTruthy();
  });

  it("shows loading, then an error with a retry", async () => {
    let fail = true;
    const gate = held<void>();
    fakeApi(
      adminRoutes({
        "GET /api/admin/users": async () => {
          await gate.promise;
          return fail
            ? { status: 500, body: { code: "INTERNAL", message: "Database unavailable" } }
            : { status: 200, body: { users: [] } };
        },
      }),
    );
    const { user } = renderApp("/admin");
    expect(await screen.findByText("Loading users...")).toBeTruthy();
    gate.release();
    expect(await screen.findByText("Failed to load users")).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No users yet.")).toBeTruthy();
  });
});

/* ------------------------------------------------------------------ past searches */

describe("/admin Past Searches", () => {
  it("selects none, some and all; the header checkbox shows the mixed state", async () => {
    fakeApi(adminRoutes());
    const { user } = renderApp("/admin?tab=searches");
    const all = (await screen.findByRole("checkbox", {
      name: "Select all analyses",
    })) as HTMLInputElement;
    const rows = () =>
      screen.getAllByRole("checkbox").filter((box) => box !== all) as HTMLInputElement[];
    expect(rows()).toHaveLength(3);
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(false);
    expect(screen.getByText("0 of 3 selected")).toBeTruthy();

    await user.click(rows()[1] as HTMLInputElement);
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);
    expect(all.getAttribute("aria-checked")).toBe("mixed");
    expect(screen.getByText("1 of 3 selected")).toBeTruthy();

    await user.click(all);
    expect(all.checked).toBe(true);
    expect(all.indeterminate).toBe(false);
    expect(rows().every((box) => box.checked)).toBe(true);

    await user.click(all);
    expect(rows().some((box) => box.checked)).toBe(false);
    expect(screen.getByText("0 of 3 selected")).toBeTruthy();
  });

  it("shows the step ticks, the owner and a Load link", async () => {
    fakeApi(adminRoutes());
    renderApp("/admin?tab=searches");
    const table = await screen.findByRole("region", { name: "Analyses table" });
    expect(within(table).getAllByText("Market analysis: complete")).toHaveLength(3);
    expect(within(table).getAllByText("Keyword research: complete")).toHaveLength(2);
    expect(within(table).getAllByText("Competition analysis: complete")).toHaveLength(1);
    expect(within(table).getAllByText("Competition analysis: not complete")).toHaveLength(2);
    expect(within(table).getByText("sam@example.com")).toBeTruthy();
    expect(within(table).getByRole("link", { name: "Load Dallas, TX" }).getAttribute("href")).toBe(
      "/analysis/an_2",
    );
  });

  it('asks for a selection first: "Please select at least one analysis to delete"', async () => {
    const api = fakeApi(adminRoutes());
    const { user } = renderApp("/admin?tab=searches");
    await user.click(await screen.findByRole("button", { name: "Delete Selected" }));
    expect(
      await screen.findAllByText("Please select at least one analysis to delete"),
    ).toBeTruthy();
    expect(confirmSpy).not.toHaveBeenCalled();
    expect(api.calls.some((c) => c.method === "DELETE")).toBe(false);
  });

  it("bulk-deletes the selection after a confirmation that warns it cannot be undone", async () => {
    let rows = adminAnalyses;
    const api = fakeApi(
      adminRoutes({
        "GET /api/admin/analyses": () => ({ status: 200, body: { analyses: rows } }),
        "DELETE /api/admin/analyses/bulk": ({ body }) => {
          const ids = (body as { analysisIds: string[] }).analysisIds;
          rows = rows.filter((a) => !ids.includes(a.id));
          return { status: 200, body: { deletedCount: ids.length } };
        },
      }),
    );
    const { user } = renderApp("/admin?tab=searches");
    await user.click(await screen.findByRole("checkbox", { name: "Select all analyses" }));
    await user.click(screen.getByRole("button", { name: "Delete Selected" }));
    expect(confirmSpy).toHaveBeenCalledWith(
      "Are you sure you want to delete 3 analyses? This action cannot be undone.",
    );
    expect(await findToast("Success")).toBeTruthy();
    expect(toasts().getByText("Deleted 3 analyses.")).toBeTruthy();
    expect(api.calls.find((c) => c.method === "DELETE")?.body).toEqual({
      analysisIds: ["an_1", "an_2", "an_3"],
    });
    expect(await screen.findByText("No analyses have been run yet.")).toBeTruthy();
  });

  it('says "Failed to delete analyses" when the server fails, and keeps the selection', async () => {
    fakeApi(
      adminRoutes({
        "DELETE /api/admin/analyses/bulk": {
          status: 500,
          body: { code: "INTERNAL", message: "Boom" },
        },
      }),
    );
    const { user } = renderApp("/admin?tab=searches");
    const all = await screen.findByRole("checkbox", { name: "Select all analyses" });
    await user.click(screen.getAllByRole("checkbox")[1] as HTMLElement);
    await user.click(screen.getByRole("button", { name: "Delete Selected" }));
    expect(confirmSpy).toHaveBeenCalledWith(
      "Are you sure you want to delete 1 analysis? This action cannot be undone.",
    );
    expect(await findToast("Failed to delete analyses")).toBeTruthy();
    expect((all as HTMLInputElement).indeterminate).toBe(true);
  });
});

/* ------------------------------------------------------------------ analyses */

describe("/admin Analyses", () => {
  it("computes step completion, paid conversion and the split by industry and state", async () => {
    fakeApi(adminRoutes());
    renderApp("/admin?tab=analyses");
    const paid = await screen.findByText("2 of 3 analyses paid");
    expect(paid.parentElement?.textContent).toContain("Paid conversion67%");
    expect(screen.getByText("3 of 3 (100%)")).toBeTruthy();
    expect(screen.getByText("2 of 3 (67%)")).toBeTruthy();
    expect(screen.getByText("1 of 3 (33%)")).toBeTruthy();
    const byState = screen.getByRole("region", { name: "Analyses by state" });
    const tx = within(byState).getByRole("rowheader", { name: "TX" }).closest("tr");
    expect(
      within(tx as HTMLElement)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["2", "67%", "1", "50%"]);
    const byIndustry = screen.getByRole("region", { name: "Analyses by industry" });
    expect(within(byIndustry).getByRole("rowheader", { name: "Plumbing" })).toBeTruthy();
  });

  it("says so when there are no analyses", async () => {
    fakeApi(adminRoutes({ "GET /api/admin/analyses": { status: 200, body: { analyses: [] } } }));
    renderApp("/admin?tab=analyses");
    expect(await screen.findByText(/No analyses yet/)).toBeTruthy();
  });
});

/* ------------------------------------------------------------------ system */

describe("/admin System", () => {
  it("shows version, uptime, database, modes, providers and refundable payments", async () => {
    fakeApi(adminRoutes());
    renderApp("/admin?tab=system");
    // The server's version, and each instance's.
    expect(await screen.findAllByText("0.1.0")).toHaveLength(3);
    expect(screen.getByText(/^1d 2h 3m/)).toBeTruthy();
    expect(screen.getByText("Reachable · 1.5 MB")).toBeTruthy();
    expect(screen.getByText("4 of 4 applied (up to date)")).toBeTruthy();
    expect(screen.getByText("Development outbox (no SMTP)")).toBeTruthy();
    expect(screen.getByText("Demo mode (no card is charged)")).toBeTruthy();
    const providers = screen.getByRole("region", { name: "Providers" });
    expect(within(providers).getByText("Configured · Saved in BIS")).toBeTruthy();
    expect(within(providers).getByText("Never tested")).toBeTruthy();
    const paymentsTable = await screen.findByRole("region", { name: "Payment records" });
    expect(within(paymentsTable).getByText("dana@example.com")).toBeTruthy();
    expect(within(paymentsTable).getByRole("button", { name: /^Refund payment/ })).toBeTruthy();
  });

  it("lists the live instances: short id, host, pid, version, and which one answered", async () => {
    fakeApi(adminRoutes());
    renderApp("/admin?tab=system");
    const instances = await screen.findByRole("region", { name: "Instances" });
    const rows = within(instances).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText("3f2a9c1d")).toBeTruthy();
    expect(within(first).getByText("Answered this request")).toBeTruthy();
    expect(within(first).getByText("bis-web-1")).toBeTruthy();
    expect(within(first).getByText("4211")).toBeTruthy();
    expect(within(second).getByText("b81e07c4")).toBeTruthy();
    expect(within(second).getByText("bis-web-2")).toBeTruthy();
    expect(within(second).queryByText("Answered this request")).toBeNull();
  });
});

/* ------------------------------------------------------------------ API keys */

describe("/admin API Keys", () => {
  function keyCard(label: string) {
    return screen.getByRole("region", { name: label });
  }

  it("shows configured or not, the source and only the last four characters", async () => {
    fakeApi(adminRoutes());
    renderApp("/admin?tab=api-keys");
    const maps = await screen.findByRole("region", { name: "Google Maps (map tiles)" });
    expect(within(maps).getByText("Configured")).toBeTruthy();
    expect(within(maps).getByText("••••9xYz")).toBeTruthy();
    expect(within(maps).getByText("GOOGLE_MAPS_API_KEY")).toBeTruthy();
    const census = keyCard("U.S. Census Data API");
    expect(within(census).getByText("Not configured")).toBeTruthy();
    expect(within(census).getByText("None")).toBeTruthy();
  });

  it('says "API Key Required" for an empty key, without a call', async () => {
    const api = fakeApi(adminRoutes());
    const { user } = renderApp("/admin?tab=api-keys");
    const census = await screen.findByRole("region", { name: "U.S. Census Data API" });
    await user.click(within(census).getByRole("button", { name: "Test" }));
    expect(await findToast("API Key Required")).toBeTruthy();
    await user.click(within(census).getByRole("button", { name: "Save" }));
    expect(await findToast("API Key Required")).toBeTruthy();
    expect(api.calls.filter((c) => c.method !== "GET")).toEqual([]);
  });

  it("goes idle → testing → success, the test made by the server", async () => {
    const answer = held<void>();
    const api = fakeApi(
      adminRoutes({
        "POST /api/admin/api-keys/census/test": async () => {
          await answer.promise;
          return {
            status: 200,
            body: { ok: true, message: "Census API answered", testedAt: "2025-03-04T15:00:00Z" },
          };
        },
      }),
    );
    const { user } = renderApp("/admin?tab=api-keys");
    const census = await screen.findByRole("region", { name: "U.S. Census Data API" });
    const status = within(census).getByRole("status");
    expect(status.getAttribute("data-state")).toBe("idle");
    await user.type(
      within(census).getByLabelText("New U.S. Census Data API key"),
      "census-key-1234",
    );
    await user.click(within(census).getByRole("button", { name: "Test" }));
    await waitFor(() => expect(status.getAttribute("data-state")).toBe("testing"));
    expect(status.textContent).toContain("Testing the key with the provider...");
    answer.release();
    expect(await findToast("Success")).toBeTruthy();
    await waitFor(() => expect(status.getAttribute("data-state")).toBe("success"));
    expect(status.textContent).toContain("Census API answered");
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ value: "census-key-1234" });
  });

  it('goes to error with "API Key Test Failed" and the server\'s message', async () => {
    fakeApi(
      adminRoutes({
        "POST /api/admin/api-keys/census/test": {
          status: 200,
          body: {
            ok: false,
            message: "Invalid key or insufficient permissions (HTTP 403)",
            testedAt: "2025-03-04T15:00:00Z",
          },
        },
      }),
    );
    const { user } = renderApp("/admin?tab=api-keys");
    const census = await screen.findByRole("region", { name: "U.S. Census Data API" });
    await user.type(within(census).getByLabelText("New U.S. Census Data API key"), "bad");
    await user.click(within(census).getByRole("button", { name: "Test" }));
    expect(await findToast("API Key Test Failed")).toBeTruthy();
    expect(toasts().getByText("Invalid key or insufficient permissions (HTTP 403)")).toBeTruthy();
    expect(within(census).getByRole("status").getAttribute("data-state")).toBe("error");
  });

  it("saves a key, and the maps key through the specification's call", async () => {
    let census = apiKey();
    const api = fakeApi(
      adminRoutes({
        "GET /api/admin/api-keys": () => ({
          status: 200,
          body: {
            apiKeys: [census, apiKey({ name: "googleMaps", label: "Google Maps (map tiles)" })],
          },
        }),
        "PUT /api/admin/api-keys/census": ({ body }) => {
          const value = (body as { value: string }).value;
          census = apiKey({ configured: true, source: "stored", last4: value.slice(-4) });
          return { status: 200, body: census };
        },
        "POST /api/admin/save-api-key": { status: 200, body: { message: "API key saved" } },
      }),
    );
    const { user } = renderApp("/admin?tab=api-keys");
    const card = await screen.findByRole("region", { name: "U.S. Census Data API" });
    const input = within(card).getByLabelText("New U.S. Census Data API key") as HTMLInputElement;
    await user.type(input, "census-key-1234");
    await user.click(within(card).getByRole("button", { name: "Save" }));
    expect(await findToast("Success")).toBeTruthy();
    expect(await within(card).findByText("••••1234")).toBeTruthy();
    expect(input.value).toBe("");
    expect(api.calls.find((c) => c.method === "PUT")?.body).toEqual({ value: "census-key-1234" });

    const maps = screen.getByRole("region", { name: "Google Maps (map tiles)" });
    await user.type(within(maps).getByLabelText("New Google Maps (map tiles) key"), "AIza-maps");
    await user.click(within(maps).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === "/api/admin/save-api-key")?.body).toEqual({
        googleMapsApiKey: "AIza-maps",
      }),
    );
  });

  it('answers a save refused for authentication with "Save Failed" and the sign-in screen', async () => {
    // The session has ended on the server: the save says so, and so does the user call after it.
    let ended = false;
    fakeApi(
      adminRoutes({
        "GET /api/auth/user": () => (ended ? signedOut : { status: 200, body: ada }),
        "PUT /api/admin/api-keys/census": () => {
          ended = true;
          return signedOut;
        },
      }),
    );
    const { user } = renderApp("/admin?tab=api-keys");
    const card = await screen.findByRole("region", { name: "U.S. Census Data API" });
    await user.type(within(card).getByLabelText("New U.S. Census Data API key"), "k-1234");
    await user.click(within(card).getByRole("button", { name: "Save" }));
    expect(await findToast("Save Failed")).toBeTruthy();
    expect(toasts().getByText("Please log in again to save API keys")).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe("/signin"));
    expect(await screen.findByRole("button", { name: "Sign In" })).toBeTruthy();
  });

  it('says "Save Failed" with the server\'s message otherwise', async () => {
    fakeApi(
      adminRoutes({
        "PUT /api/admin/api-keys/census": {
          status: 503,
          body: { code: "UNAVAILABLE", message: "BIS_SECRET is not set" },
        },
      }),
    );
    const { user } = renderApp("/admin?tab=api-keys");
    const card = await screen.findByRole("region", { name: "U.S. Census Data API" });
    await user.type(within(card).getByLabelText("New U.S. Census Data API key"), "k-1234");
    await user.click(within(card).getByRole("button", { name: "Save" }));
    expect(await findToast("Save Failed")).toBeTruthy();
    expect(toasts().getByText("BIS_SECRET is not set")).toBeTruthy();
    expect(window.location.pathname).toBe("/admin");
  });
});

/* ------------------------------------------------------------------ settings */

describe("/admin Settings", () => {
  it("validates each video URL: https or empty", async () => {
    const api = fakeApi(adminRoutes());
    const { user } = renderApp("/admin?tab=settings");
    const landing = (await screen.findByLabelText("Landing Page Video URL")) as HTMLInputElement;
    expect(landing.value).toBe(settings.landingPageVideoUrl);
    await user.clear(landing);
    await user.type(landing, "ftp://example.com/video");
    await user.type(screen.getByLabelText("Premium Offer Video URL"), "not a url");
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(
      await screen.findByText("Landing page video URL must be an https:// URL, or empty"),
    ).toBeTruthy();
    expect(
      screen.getByText("Premium offer video URL must be an https:// URL, or empty"),
    ).toBeTruthy();
    expect(landing.getAttribute("aria-invalid")).toBe("true");
    expect(api.calls.some((c) => c.method === "PATCH")).toBe(false);
  });

  it('saves the four URLs: "Settings Updated"', async () => {
    const api = fakeApi(
      adminRoutes({
        "PATCH /api/admin/settings": ({ body }) => ({
          status: 200,
          body: { ...settings, ...(body as object) },
        }),
      }),
    );
    const { user } = renderApp("/admin?tab=settings");
    const landing = await screen.findByLabelText("Landing Page Video URL");
    await user.clear(landing);
    await user.type(landing, "https://videos.example.com/intro.mp4");
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await findToast("Settings Updated")).toBeTruthy();
    expect(api.calls.find((c) => c.method === "PATCH")?.body).toEqual({
      ...settings,
      landingPageVideoUrl: "https://videos.example.com/intro.mp4",
    });
  });

  it('says "Update Failed" when the server refuses', async () => {
    fakeApi(
      adminRoutes({
        "PATCH /api/admin/settings": { status: 500, body: { code: "INTERNAL", message: "Boom" } },
      }),
    );
    const { user } = renderApp("/admin?tab=settings");
    await user.click(await screen.findByRole("button", { name: "Save Settings" }));
    expect(await findToast("Update Failed")).toBeTruthy();
    expect(toasts().getByText("Failed to update settings. Please try again.")).toBeTruthy();
  });
});

/* ------------------------------------------------------------------ logs */

describe("/admin Logs", () => {
  it("lists log entries with level, time, message and request id, filters by level, and shows the audit trail", async () => {
    const api = fakeApi(adminRoutes());
    const { user } = renderApp("/admin?tab=logs");
    const logs = await screen.findByRole("region", { name: "Log entries" });
    expect(within(logs).getByText("Slow census response")).toBeTruthy();
    expect(within(logs).getByText("req-2")).toBeTruthy();
    expect(within(logs).getByText("warn")).toBeTruthy();
    expect(within(logs).getByText("method=GET url=/api/health status=200")).toBeTruthy();
    // Which instance wrote each entry (short id; the whole id on hover).
    expect(within(logs).getByText("b81e07c4").getAttribute("title")).toBe("b81e07c45d9a2f30");
    expect(within(logs).getByText("3f2a9c1d")).toBeTruthy();

    await user.selectOptions(screen.getByLabelText("Level"), "warn");
    await waitFor(() =>
      expect(api.fetch.mock.calls.some(([url]) => String(url).includes("level=warn"))).toBe(true),
    );
    // The audit trail is its own view: not on the logs' page, one tab away.
    expect(screen.queryByRole("region", { name: "Audit trail entries" })).toBeNull();
    await user.click(screen.getByRole("tab", { name: "Audit Trail" }));
    const audit = await screen.findByRole("region", { name: "Audit trail entries" });
    expect(within(audit).getByText("Granted administrator")).toBeTruthy();
    expect(within(audit).getByText("ada@example.com")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Log entries" })).toBeNull();
    expect(new URLSearchParams(window.location.search).get("view")).toBe("audit");

    // Back on the logs, the level filter is as it was left.
    await user.click(screen.getByRole("tab", { name: "Server Logs" }));
    expect((screen.getByLabelText("Level") as HTMLSelectElement).value).toBe("warn");
  });

  it("drops the audit view from the address on leaving the Logs tab, and keeps it while there", async () => {
    fakeApi(adminRoutes());
    const { user } = renderApp("/admin?tab=logs&view=audit");
    await screen.findByRole("region", { name: "Audit trail entries" });
    // Choosing the tab already open keeps its view.
    await user.click(screen.getByRole("tab", { name: "Logs" }));
    expect(window.location.search).toBe("?tab=logs&view=audit");

    await user.click(screen.getByRole("tab", { name: "System" }));
    expect(window.location.search).toBe("?tab=system");
    await user.click(screen.getByRole("tab", { name: "Logs" }));
    expect(window.location.search).toBe("?tab=logs");
    expect(await screen.findByRole("region", { name: "Log entries" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Audit trail entries" })).toBeNull();

    await user.click(screen.getByRole("tab", { name: "Audit Trail" }));
    await user.click(screen.getByRole("tab", { name: "User Management" }));
    expect(window.location.search).toBe("");
  });

  it('pages the log entries: "Showing 2 of 3", then "Load more" asks for the next page', async () => {
    const [newest, second, third] = [1, 2, 3].map((n) => ({
      id: `3f2a9c1d0b7e4a65-00000000003${n}`,
      instanceId: "3f2a9c1d0b7e4a65",
      level: "info" as const,
      time: "2025-03-04T15:00:01.000Z",
      message: `Entry number ${n}`,
      requestId: null,
      context: {},
    }));
    const api = fakeApi(
      adminRoutes({
        "GET /api/admin/logs": ({ query }) =>
          query.get("cursor") === "after-2"
            ? { status: 200, body: { entries: [third], nextCursor: null, total: 3, limit: 50 } }
            : {
                status: 200,
                body: { entries: [newest, second], nextCursor: "after-2", total: 3, limit: 50 },
              },
      }),
    );
    const { user } = renderApp("/admin?tab=logs");
    const logs = await screen.findByRole("region", { name: "Log entries" });
    expect(within(logs).getByText("Entry number 2")).toBeTruthy();
    expect(within(logs).queryByText("Entry number 3")).toBeNull();
    expect(screen.getByText("Showing 2 of 3 log entries")).toBeTruthy();
    // A page at a time (the server alone would send all it keeps).
    expect(api.calls.find((c) => c.path === "/api/admin/logs")?.query.get("limit")).toBe("50");

    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await within(logs).findByText("Entry number 3")).toBeTruthy();
    expect(api.calls.at(-1)?.query.get("cursor")).toBe("after-2");
    expect(screen.getByText("Showing 3 of 3 log entries")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("refreshes itself every 5 s while auto-refresh is on", async () => {
    useFakeClock();
    const api = fakeApi(adminRoutes());
    renderApp("/admin?tab=logs");
    await settle(() => screen.queryByText("Slow census response") !== null);
    const count = () => api.calls.filter((c) => c.path === "/api/admin/logs").length;
    expect(count()).toBe(1);
    await advance(10_000);
    expect(count()).toBe(1);
    await act(async () => {
      screen.getByLabelText(/Auto-refresh/).click();
    });
    await advance(5000);
    await settle(() => count() === 2);
  });
});

/* ------------------------------------------------------------------ development screens */

describe("development-only screens", () => {
  const routes: Record<string, FakeRoute> = {
    "GET /api/auth/user": signedOut,
    "GET /api/public/settings": { status: 200, body: {} },
  };

  it("/test-auth shows its development-only message", async () => {
    fakeApi(routes);
    renderApp("/test-auth");
    expect(await screen.findByRole("heading", { name: "Authentication Test" })).toBeTruthy();
    expect(
      screen.getByText("The authentication test screen is available in development only."),
    ).toBeTruthy();
  });

  it("in production /logs and /dev-admin show their message and nothing else", async () => {
    vi.stubEnv("PROD", true);
    const api = fakeApi(adminRoutes());
    renderApp("/logs");
    expect(await screen.findByRole("heading", { name: "Logging Dashboard" })).toBeTruthy();
    expect(
      screen.getByText("The logging dashboard is available in development only."),
    ).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Server Logs" })).toBeNull();
    expect(api.calls.filter((c) => c.path.startsWith("/api/admin"))).toEqual([]);
  });

  it("in development /logs shows the Logs tab to administrators", async () => {
    fakeApi(adminRoutes());
    renderApp("/logs");
    expect(await screen.findByText("Slow census response")).toBeTruthy();
    expect(
      screen.getByText("The logging dashboard is available in development only."),
    ).toBeTruthy();
  });

  it("/auth leads to the sign-in screen", async () => {
    fakeApi(routes);
    renderApp("/auth");
    expect(await screen.findByRole("button", { name: "Sign In" })).toBeTruthy();
    expect(window.location.pathname).toBe("/signin");
  });
});
