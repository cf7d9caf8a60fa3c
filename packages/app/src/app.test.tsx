import { endpoints } from "@bis/sdk";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { keyOf } from "./lib/query-options";
import { dana, type FakeReply, fakeApi, signedOut } from "./test/fake-api";
import { held } from "./test/held";
import { findToast, renderApp } from "./test/render-app";

describe("signed-out screens", () => {
  it("shows the landing page at once while the session loads, in a browser that has seen no session", async () => {
    const session = held<FakeReply>();
    fakeApi({
      "GET /api/auth/user": () => session.promise,
      "GET /api/public/settings": { status: 200, body: {} },
    });
    renderApp("/");
    expect(
      await screen.findByRole("heading", { name: "Premium Local Market Research" }),
    ).toBeTruthy();
    expect(screen.queryByRole("status", { name: "Loading" })).toBeNull();
    expect(
      screen.getByRole("link", { name: "Start Your Free Market Analysis" }).getAttribute("href"),
    ).toBe("/register");
    session.release(signedOut);
    expect(await screen.findByText("Video Coming Soon")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Premium Local Market Research" })).toBeTruthy();
  });

  it("waits for the session where this browser last saw a user, so the dashboard does not flash the landing page", async () => {
    const session = held<FakeReply>();
    fakeApi({
      "GET /api/auth/user": () => session.promise,
      "GET /api/analyses": { status: 200, body: { items: [], nextCursor: null } },
      "GET /api/settings/videos": { status: 200, body: {} },
    });
    localStorage.setItem("bis.session-hint", "1");
    renderApp("/");
    expect(screen.getByRole("status", { name: "Loading" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Premium Local Market Research" })).toBeNull();
    session.release({ status: 200, body: dana });
    expect(await screen.findByRole("heading", { name: /Welcome, Dana/ })).toBeTruthy();
  });

  it("forgets the hint when the session turns out to be gone", async () => {
    fakeApi({
      "GET /api/auth/user": signedOut,
      "GET /api/public/settings": { status: 200, body: {} },
    });
    localStorage.setItem("bis.session-hint", "1");
    renderApp("/");
    expect(
      await screen.findByRole("heading", { name: "Premium Local Market Research" }),
    ).toBeTruthy();
    expect(localStorage.getItem("bis.session-hint")).toBeNull();
  });

  it("plays the configured landing video in a titled frame", async () => {
    // happy-dom does not load frames and prints a NotSupportedError about it: expected.
    fakeApi({
      "GET /api/auth/user": signedOut,
      "GET /api/public/settings": {
        status: 200,
        body: { landingPageVideoUrl: "https://www.youtube.com/watch?v=intro42" },
      },
    });
    renderApp("/");
    const frame = await screen.findByTitle("BIS introduction video");
    expect(frame.getAttribute("src")).toBe("https://www.youtube.com/embed/intro42");
    expect(screen.queryByText("Video Coming Soon")).toBeNull();
  });

  it("answers an unknown path with the 404 page", async () => {
    fakeApi({ "GET /api/auth/user": signedOut });
    renderApp("/no-such-page");
    expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeTruthy();
  });

  it('shows "Failed to fetch user" when the session call fails', async () => {
    fakeApi({ "GET /api/auth/user": { status: 500, body: { code: "INTERNAL", message: "Boom" } } });
    renderApp("/");
    expect(await screen.findByText("Failed to fetch user")).toBeTruthy();
    expect(screen.getByText("Boom")).toBeTruthy();
  });
});

describe("/register", () => {
  it("validates on submit with the specification's messages, then on change", async () => {
    fakeApi({ "GET /api/auth/user": signedOut });
    const { user } = renderApp("/register");
    await user.click(
      await screen.findByRole("button", { name: "Create Account & Start Analysis" }),
    );
    for (const message of [
      "First name is required",
      "Last name is required",
      "Valid email is required",
      "Password must be at least 8 characters",
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    const firstName = screen.getByLabelText("First Name");
    expect(firstName.getAttribute("aria-invalid")).toBe("true");

    await user.type(firstName, "Dana");
    await waitFor(() => expect(screen.queryByText("First name is required")).toBeNull());

    await user.type(screen.getByLabelText("Password"), "Secret#123");
    await user.type(screen.getByLabelText("Confirm Password"), "Secret#124");
    expect(await screen.findByText("Passwords don't match")).toBeTruthy();
  });

  it("toggles password visibility with a labelled button", async () => {
    fakeApi({ "GET /api/auth/user": signedOut });
    const { user } = renderApp("/register");
    const password = await screen.findByLabelText("Password");
    expect(password.getAttribute("type")).toBe("password");
    const [toggle] = screen.getAllByRole("button", { name: "Show password" });
    await user.click(toggle as HTMLElement);
    expect(password.getAttribute("type")).toBe("text");
    expect(screen.getAllByRole("button", { name: "Hide password" })).toHaveLength(1);
  });

  it("sends the registration payload and shows the success screen", async () => {
    const api = fakeApi({
      "GET /api/auth/user": signedOut,
      "POST /api/auth/register": {
        status: 201,
        body: {
          message: "Check your email",
          user: { firstName: "Dana", email: "dana@example.com" },
        },
      },
    });
    const { user } = renderApp("/register");
    await user.type(await screen.findByLabelText("First Name"), "Dana");
    await user.type(screen.getByLabelText("Last Name"), "Reyes");
    await user.type(screen.getByLabelText("Email"), "Dana@Example.com");
    await user.type(screen.getByLabelText("Password"), "Secret#123");
    await user.type(screen.getByLabelText("Confirm Password"), "Secret#123");
    await user.click(screen.getByRole("button", { name: "Create Account & Start Analysis" }));

    expect(await screen.findByRole("heading", { name: "Registration Successful!" })).toBeTruthy();
    expect(screen.getByText("dana@example.com")).toBeTruthy();
    expect(await findToast("Account created!")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Sign In" }).getAttribute("href")).toBe(
      "/signin",
    );
    // One way home, not two.
    expect(screen.getAllByRole("link", { name: "Back to Home" })).toHaveLength(1);
    expect(document.title).toBe("Registration Successful — BIS");
    expect(api.calls.find((c) => c.path === "/api/auth/register")?.body).toEqual({
      firstName: "Dana",
      lastName: "Reyes",
      email: "dana@example.com",
      password: "Secret#123",
      username: "dana@example.com",
    });
  });

  it("shows the server's message when registration fails", async () => {
    fakeApi({
      "GET /api/auth/user": signedOut,
      "POST /api/auth/register": {
        status: 409,
        body: { code: "EMAIL_IN_USE", message: "An account with this email already exists" },
      },
    });
    const { user } = renderApp("/register");
    await user.type(await screen.findByLabelText("First Name"), "Dana");
    await user.type(screen.getByLabelText("Last Name"), "Reyes");
    await user.type(screen.getByLabelText("Email"), "dana@example.com");
    await user.type(screen.getByLabelText("Password"), "Secret#123");
    await user.type(screen.getByLabelText("Confirm Password"), "Secret#123");
    await user.click(screen.getByRole("button", { name: "Create Account & Start Analysis" }));
    expect(await findToast("Registration failed")).toBeTruthy();
    expect(screen.getByText("An account with this email already exists")).toBeTruthy();
  });
});

describe("sign in and the session", () => {
  it("signs in, greets the user and lands on the dashboard", async () => {
    fakeApi({
      "GET /api/auth/user": signedOut,
      "POST /api/auth/login": { status: 200, body: dana },
    });
    const { user } = renderApp("/signin");
    await user.type(await screen.findByLabelText("Email"), "dana@example.com");
    await user.type(screen.getByLabelText("Password"), "Secret#123");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await findToast("Welcome back!")).toBeTruthy();
    expect(screen.getByText("You're now logged in as Dana")).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Welcome, Dana!" })).toBeTruthy();
    expect(window.location.pathname).toBe("/dashboard");
    expect(screen.getAllByText("Requires Payment")).toHaveLength(2);
    expect(screen.queryByRole("link", { name: "Admin Panel" })).toBeNull();
  });

  it("redirects a signed-in user away from /register", async () => {
    fakeApi({ "GET /api/auth/user": { status: 200, body: { ...dana, isAdmin: true } } });
    const { user } = renderApp("/register");
    expect(await screen.findByRole("heading", { name: "Welcome, Dana!" })).toBeTruthy();
    expect(window.location.pathname).toBe("/dashboard");
    // Administrators find the panel in their menu.
    await user.click(screen.getByRole("button", { name: "Dana" }));
    expect(screen.getByRole("menuitem", { name: "Admin Panel" }).getAttribute("href")).toBe(
      "/admin",
    );
  });

  it('lands a verified user on the dashboard with "Email verified"', async () => {
    fakeApi({ "GET /api/auth/user": { status: 200, body: dana } });
    renderApp("/signin?verified=1");
    expect(await findToast("Email verified")).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Welcome, Dana!" })).toBeTruthy();
    expect(window.location.pathname).toBe("/dashboard");
  });

  it('stays on /signin with "Verification failed" for a bad link', async () => {
    fakeApi({ "GET /api/auth/user": signedOut });
    renderApp("/signin?verified=1&error=INVALID_TOKEN");
    expect(await findToast("Verification failed")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Sign In" })).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe("/signin");
  });

  it('announces "Session Expired" on /dashboard and goes home after one second', async () => {
    fakeApi({
      "GET /api/auth/user": signedOut,
      "GET /api/public/settings": { status: 200, body: {} },
    });
    renderApp("/dashboard");
    expect(await findToast("Session Expired")).toBeTruthy();
    expect(window.location.pathname).toBe("/dashboard");
    await waitFor(() => expect(window.location.pathname).toBe("/"), { timeout: 2500 });
    expect(
      await screen.findByRole("heading", { name: "Premium Local Market Research" }),
    ).toBeTruthy();
  });

  it("signs out quietly to the landing page and forgets cached data", async () => {
    let signedIn = true;
    fakeApi({
      "GET /api/auth/user": () => (signedIn ? { status: 200, body: dana } : signedOut),
      "POST /api/auth/logout": () => {
        signedIn = false;
        return { status: 204 };
      },
      "GET /api/public/settings": { status: 200, body: {} },
    });
    const { user, client } = renderApp("/dashboard");
    await user.click(await screen.findByRole("button", { name: "Dana" }));
    await user.click(screen.getByRole("menuitem", { name: "Sign Out" }));
    expect(await findToast("Logged out")).toBeTruthy();
    // The session hint (which makes the next visit wait for the session) goes with the session.
    expect(localStorage.getItem("bis.session-hint")).toBeNull();
    expect(
      await screen.findByRole("heading", { name: "Premium Local Market Research" }),
    ).toBeTruthy();
    expect(window.location.pathname).toBe("/");
    expect(client.getQueryData(keyOf(endpoints.auth.session))).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(screen.queryByText("Session Expired")).toBeNull();
  });
});

describe("/profile", () => {
  it("edits the profile and replaces the cached user", async () => {
    const api = fakeApi({
      "GET /api/auth/user": { status: 200, body: dana },
      "PUT /api/auth/profile": ({ body }) => ({
        status: 200,
        body: { ...dana, ...(body as object) },
      }),
    });
    const { user } = renderApp("/profile");
    expect(await screen.findByText("Standard User")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Edit Profile" }));
    const firstName = screen.getByLabelText("First Name");
    expect(document.activeElement).toBe(firstName);
    await user.clear(firstName);
    await user.type(firstName, "Danielle");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await findToast("Profile updated")).toBeTruthy();
    // The profile card and the header's menu button both say the new name.
    expect(await within(screen.getByRole("main")).findByText("Danielle")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Danielle" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Edit Profile" })).toBe(document.activeElement);
    expect(api.calls.find((c) => c.method === "PUT")?.body).toEqual({
      firstName: "Danielle",
      lastName: "Reyes",
      email: "dana@example.com",
    });
  });

  it("changes the password under registration's rules, with only the two passwords sent", async () => {
    const api = fakeApi({
      "GET /api/auth/user": { status: 200, body: dana },
      "PUT /api/auth/password": ({ body }) =>
        (body as { currentPassword: string }).currentPassword === "right-one"
          ? { status: 200, body: { message: "Password updated" } }
          : {
              status: 401,
              body: { code: "INVALID_CREDENTIALS", message: "Current password is incorrect" },
            },
    });
    const { user } = renderApp("/profile");
    await user.click(await screen.findByRole("button", { name: "Change Password" }));
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    expect(await screen.findByText("Current password is required")).toBeTruthy();
    expect(screen.getByText("Password must be at least 8 characters")).toBeTruthy();
    expect(screen.getByText("Please confirm your password")).toBeTruthy();
    expect(
      screen.getByText(
        "At least 8 characters, with an uppercase and a lowercase letter, a number and a special character.",
      ),
    ).toBeTruthy();

    // Six letters passed the old rule; now each of registration's rules has its say.
    await user.type(screen.getByLabelText("Current Password"), "wrong-one");
    await user.type(screen.getByLabelText("New Password"), "aaaaaaaa");
    await user.type(screen.getByLabelText("Confirm New Password"), "aaaaaaaa");
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    expect(
      await screen.findByText("Password must contain at least one uppercase letter"),
    ).toBeTruthy();
    expect(api.calls.some((c) => c.path === "/api/auth/password")).toBe(false);

    await user.clear(screen.getByLabelText("New Password"));
    await user.clear(screen.getByLabelText("Confirm New Password"));
    await user.type(screen.getByLabelText("New Password"), "New-pass1");
    await user.type(screen.getByLabelText("Confirm New Password"), "New-pass1");
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    expect(await findToast("Password change failed")).toBeTruthy();
    expect(screen.getByText("Current password is incorrect")).toBeTruthy();

    await user.clear(screen.getByLabelText("Current Password"));
    await user.type(screen.getByLabelText("Current Password"), "right-one");
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    expect(await findToast("Password changed")).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText("Current Password")).toBeNull());
    expect(api.calls.filter((c) => c.path === "/api/auth/password").at(-1)?.body).toEqual({
      currentPassword: "right-one",
      newPassword: "New-pass1",
    });
  });
});

describe("/admin-setup and /dev/outbox", () => {
  it("shows a notice instead of the form once an administrator exists", async () => {
    fakeApi({
      "GET /api/auth/user": signedOut,
      "GET /api/admin/setup": { status: 200, body: { available: false } },
    });
    renderApp("/admin-setup");
    expect(await screen.findByText(/An administrator account already exists/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Create Admin Account" })).toBeNull();
    expect(screen.getByRole("link", { name: "Go to Sign In" }).getAttribute("href")).toBe(
      "/signin",
    );
  });

  it('says "Development only" when the outbox is not there', async () => {
    fakeApi({
      "GET /api/auth/user": signedOut,
      "GET /api/dev/outbox": {
        status: 404,
        body: { code: "DEV_ONLY", message: "The outbox is available in development only" },
      },
    });
    renderApp("/dev/outbox");
    expect(await screen.findByText("Development only")).toBeTruthy();
  });
});
