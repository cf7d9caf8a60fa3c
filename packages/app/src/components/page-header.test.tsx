/**
 * The header of every screen and the user's menu in it: what each session state shows, and the
 * menu button pattern by keyboard and pointer. Also the document title of each kind of screen.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "../lib/api";
import { dana, fakeApi, signedOut } from "../test/fake-api";
import { analysisFixture, summaryFixture } from "../test/fixtures";
import { held } from "../test/held";
import { findToast, renderApp } from "../test/render-app";
import { PageHeader } from "./page-header";

function renderHeader(props: Parameters<typeof PageHeader>[0] = {}) {
  const client = createQueryClient();
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/somewhere"]}>
        <PageHeader {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const dashboardRoutes = {
  "GET /api/analyses": { status: 200, body: { analyses: [], nextCursor: null, total: 0 } },
};

/** /profile signed in as Dana (an administrator when `isAdmin`), the menu button found. */
async function openProfile(isAdmin = false) {
  fakeApi({
    "GET /api/auth/user": { status: 200, body: { ...dana, isAdmin } },
    "GET /api/auth/sessions": { status: 200, body: { sessions: [] } },
    ...dashboardRoutes,
  });
  const rendered = renderApp("/profile");
  const button = await screen.findByRole("button", { name: "Dana" });
  return { ...rendered, button };
}

function focused(): string {
  return document.activeElement?.textContent?.trim() ?? "";
}

describe("the header's account area", () => {
  it("holds a placeholder of fixed size while the session loads, then shows the signed-out links", async () => {
    const session = held();
    fakeApi({
      "GET /api/auth/user": async () => {
        await session.promise;
        return signedOut;
      },
    });
    renderHeader();
    const placeholder = screen.getByTestId("account-placeholder");
    expect(placeholder.className).toMatch(/\bh-9\b/);
    expect(placeholder.className).toMatch(/\bw-44\b/);
    expect(placeholder.getAttribute("aria-hidden")).toBe("true");
    // Neither state is shown before the session is known.
    expect(screen.queryByRole("link", { name: "Sign In" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Dashboard" })).toBeNull();

    session.release();
    expect((await screen.findByRole("link", { name: "Sign In" })).getAttribute("href")).toBe(
      "/signin",
    );
    expect(screen.getByRole("link", { name: "Get Started" }).getAttribute("href")).toBe(
      "/register",
    );
    expect(screen.queryByTestId("account-placeholder")).toBeNull();
    expect(screen.queryByRole("button", { name: "Dana" })).toBeNull();
  });

  it("shows Dashboard and the user's menu once signed in, after the screen's own actions", async () => {
    fakeApi({ "GET /api/auth/user": { status: 200, body: dana } });
    renderHeader({ actions: <button type="button">Screen action</button> });
    const nav = await screen.findByRole("navigation", { name: "Account" });
    expect(within(nav).getByRole("link", { name: "Dashboard" }).getAttribute("href")).toBe(
      "/dashboard",
    );
    const button = within(nav).getByRole("button", { name: "Dana" });
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    const action = screen.getByRole("button", { name: "Screen action" });
    // The screen's action comes first in reading order.
    expect(action.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Sign In" })).toBeNull();
  });

  it("leaves the account area out where told to (the signed-out forms)", async () => {
    const api = fakeApi({ "GET /api/auth/user": signedOut });
    renderHeader({ account: false });
    expect(screen.getByRole("link", { name: "BIS home" })).toBeTruthy();
    expect(screen.queryByTestId("account-placeholder")).toBeNull();
    expect(screen.queryByRole("link", { name: "Sign In" })).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it("marks Dashboard as the current page on the dashboard", async () => {
    fakeApi({ "GET /api/auth/user": { status: 200, body: dana }, ...dashboardRoutes });
    renderApp("/dashboard");
    const link = await screen.findByRole("link", { name: "Dashboard" });
    expect(link.getAttribute("aria-current")).toBe("page");
    // The dashboard no longer repeats the menu's items as buttons of its own.
    expect(screen.queryByRole("button", { name: "Sign Out" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Profile" })).toBeNull();
  });
});

describe("the user's menu", () => {
  it("opens on click with Profile and Sign Out (no Admin Panel for a standard user), focus on the first item", async () => {
    const { user, button } = await openProfile();
    await user.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const menu = screen.getByRole("menu", { name: "Dana" });
    expect(button.getAttribute("aria-controls")).toBe(menu.id);
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Profile", "Sign Out"]);
    expect(screen.getByText("dana@example.com", { selector: "span" })).toBeTruthy();
    expect(focused()).toBe("Profile");
  });

  it("lists Admin Panel for an administrator", async () => {
    const { user, button } = await openProfile(true);
    await user.click(button);
    const items = within(screen.getByRole("menu")).getAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(["Profile", "Admin Panel", "Sign Out"]);
    expect(items[1]?.getAttribute("href")).toBe("/admin");
  });

  it("moves with the arrow keys (wrapping), Home and End; Escape closes and returns focus", async () => {
    const { user, button } = await openProfile(true);
    button.focus();
    await user.keyboard("{ArrowDown}");
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(focused()).toBe("Profile");
    await user.keyboard("{ArrowDown}");
    expect(focused()).toBe("Admin Panel");
    await user.keyboard("{ArrowDown}");
    expect(focused()).toBe("Sign Out");
    await user.keyboard("{ArrowDown}");
    expect(focused()).toBe("Profile");
    await user.keyboard("{ArrowUp}");
    expect(focused()).toBe("Sign Out");
    await user.keyboard("{Home}");
    expect(focused()).toBe("Profile");
    await user.keyboard("{End}");
    expect(focused()).toBe("Sign Out");
    await user.keyboard("a");
    expect(focused()).toBe("Admin Panel");

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
  });

  it("opens on ↑ at the last item, and on Enter at the first; Tab closes it", async () => {
    const { user, button } = await openProfile();
    button.focus();
    await user.keyboard("{ArrowUp}");
    expect(focused()).toBe("Sign Out");
    await user.keyboard("{Escape}");
    await user.keyboard("{Enter}");
    expect(focused()).toBe("Profile");
    await user.tab();
    expect(screen.queryByRole("menu")).toBeNull();
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes on a click outside, leaving the page as it was", async () => {
    const { user, button } = await openProfile();
    await user.click(button);
    expect(screen.getByRole("menu")).toBeTruthy();
    await user.click(screen.getByRole("heading", { name: "Account Settings" }));
    expect(screen.queryByRole("menu")).toBeNull();
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(window.location.pathname).toBe("/profile");
  });

  it("opens a page from an item by keyboard and closes behind it", async () => {
    fakeApi({
      "GET /api/auth/user": { status: 200, body: { ...dana, isAdmin: false } },
      "GET /api/auth/sessions": { status: 200, body: { sessions: [] } },
      ...dashboardRoutes,
    });
    const { user } = renderApp("/dashboard");
    await user.click(await screen.findByRole("button", { name: "Dana" }));
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("heading", { name: "Account Settings" })).toBeTruthy();
    expect(window.location.pathname).toBe("/profile");
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("signs out from the menu", async () => {
    let signedIn = true;
    fakeApi({
      "GET /api/auth/user": () => (signedIn ? { status: 200, body: dana } : signedOut),
      "POST /api/auth/logout": () => {
        signedIn = false;
        return { status: 204 };
      },
      "GET /api/public/settings": { status: 200, body: {} },
      ...dashboardRoutes,
    });
    const { user } = renderApp("/profile");
    await user.click(await screen.findByRole("button", { name: "Dana" }));
    await user.keyboard("{End}{Enter}");
    expect(await findToast("Logged out")).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe("/"));
    expect(await screen.findByRole("link", { name: "Sign In" })).toBeTruthy();
  });
});

describe("document titles", () => {
  it("names the dashboard, the results page by its market, and an unknown path", async () => {
    fakeApi({
      "GET /api/auth/user": { status: 200, body: dana },
      "GET /api/analyses": {
        status: 200,
        body: { analyses: [summaryFixture()], nextCursor: null, total: 1 },
      },
      "GET /api/analyses/an_123": { status: 200, body: analysisFixture() },
    });
    const first = renderApp("/dashboard");
    await screen.findByRole("heading", { name: "Welcome, Dana!" });
    await waitFor(() => expect(document.title).toBe("Dashboard — BIS"));
    first.unmount();

    const second = renderApp("/analysis/an_123");
    await screen.findByRole("heading", { name: "Austin, TX", level: 1 });
    await waitFor(() => expect(document.title).toBe("Austin, TX — Market analysis — BIS"));
    second.unmount();

    renderApp("/no/such/page");
    await screen.findByRole("heading", { name: "404 Page Not Found" });
    expect(document.title).toBe("Page not found — BIS");
  });
});
