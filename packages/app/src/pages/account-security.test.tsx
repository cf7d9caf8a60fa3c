/**
 * Account security screens: forgot password, reset password, the email change on
 * the profile with its "Check your inbox" state and the confirmation link, and the devices.
 */
import { ACCOUNT_MESSAGES } from "@bis/sdk";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dana, fakeApi, signedOut } from "../test/fake-api";
import { findToast, renderApp } from "../test/render-app";

afterEach(() => {
  vi.unstubAllGlobals();
});

const signedInDana = { "GET /api/auth/user": { status: 200, body: dana } } as const;
const noSessions = { "GET /api/auth/sessions": { status: 200, body: { sessions: [] } } } as const;

describe("forgot password", () => {
  it("links from the sign-in page and always gives the same answer", async () => {
    const api = fakeApi({
      "GET /api/auth/user": signedOut,
      "POST /api/auth/forgot-password": {
        status: 200,
        body: { message: ACCOUNT_MESSAGES.resetRequested },
      },
    });
    const { user } = renderApp("/signin");
    await user.click(await screen.findByRole("link", { name: "Forgot password?" }));
    expect(window.location.pathname).toBe("/forgot-password");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByText("Valid email is required")).toBeTruthy();
    await user.type(screen.getByLabelText("Email"), "Dana@Example.com");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByRole("heading", { name: "Check your inbox" })).toBeTruthy();
    expect(screen.getByText(ACCOUNT_MESSAGES.resetRequested)).toBeTruthy();
    expect(api.calls.find((c) => c.path === "/api/auth/forgot-password")?.body).toEqual({
      email: "dana@example.com",
    });
  });
});

describe("reset password", () => {
  it("applies registration's rules, sends the token, signs in and lands on the dashboard", async () => {
    const api = fakeApi({
      "GET /api/auth/user": signedOut,
      "POST /api/auth/reset-password": { status: 200, body: dana },
      "GET /api/analyses": { status: 200, body: { analyses: [] } },
    });
    const { user } = renderApp("/reset-password?token=tok123");
    await user.type(await screen.findByLabelText("New Password"), "aaaaaa");
    await user.type(screen.getByLabelText("Confirm New Password"), "aaaaaa");
    await user.click(screen.getByRole("button", { name: "Set New Password" }));
    expect(await screen.findByText("Password must be at least 8 characters")).toBeTruthy();
    expect(api.calls.some((c) => c.path === "/api/auth/reset-password")).toBe(false);

    await user.clear(screen.getByLabelText("New Password"));
    await user.type(screen.getByLabelText("New Password"), "New-Pass7!");
    await user.clear(screen.getByLabelText("Confirm New Password"));
    await user.type(screen.getByLabelText("Confirm New Password"), "New-Pass7!");
    await user.click(screen.getByRole("button", { name: "Set New Password" }));
    expect(await findToast("Password reset")).toBeTruthy();
    expect(api.calls.find((c) => c.path === "/api/auth/reset-password")?.body).toEqual({
      token: "tok123",
      newPassword: "New-Pass7!",
    });
    await vi.waitFor(() => expect(window.location.pathname).toBe("/dashboard"));
  });

  it("shows the server's message for a used or expired link", async () => {
    fakeApi({
      "GET /api/auth/user": signedOut,
      "POST /api/auth/reset-password": {
        status: 400,
        body: { code: "BAD_REQUEST", message: ACCOUNT_MESSAGES.resetInvalidLink },
      },
    });
    const { user } = renderApp("/reset-password?token=used");
    await user.type(await screen.findByLabelText("New Password"), "New-Pass7!");
    await user.type(screen.getByLabelText("Confirm New Password"), "New-Pass7!");
    await user.click(screen.getByRole("button", { name: "Set New Password" }));
    expect(await findToast("Password reset failed")).toBeTruthy();
    expect(screen.getByText(ACCOUNT_MESSAGES.resetInvalidLink)).toBeTruthy();
  });

  it("says so when the link has no token", async () => {
    fakeApi({ "GET /api/auth/user": signedOut });
    renderApp("/reset-password");
    expect((await screen.findByRole("alert")).textContent).toBe(ACCOUNT_MESSAGES.resetInvalidLink);
  });
});

describe("email change on the profile", () => {
  it("asks for the new address and the current password, then shows Check your inbox", async () => {
    const api = fakeApi({
      ...signedInDana,
      ...noSessions,
      "POST /api/auth/email-change": {
        status: 202,
        body: { message: ACCOUNT_MESSAGES.emailChangeRequested },
      },
    });
    const { user } = renderApp("/profile");
    await user.click(await screen.findByRole("button", { name: "Change Email" }));
    await user.click(screen.getByRole("button", { name: "Send Confirmation Link" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeTruthy();
    expect(screen.getByText("Current password is required")).toBeTruthy();
    await user.type(screen.getByLabelText("New Email"), "New@Example.com");
    await user.type(screen.getByLabelText("Current Password"), "Cool-Air9!");
    await user.click(screen.getByRole("button", { name: "Send Confirmation Link" }));
    const status = await screen.findByRole("status");
    expect(within(status).getByText("Check your inbox")).toBeTruthy();
    expect(within(status).getByText("new@example.com")).toBeTruthy();
    expect(api.calls.find((c) => c.path === "/api/auth/email-change")?.body).toEqual({
      newEmail: "new@example.com",
      currentPassword: "Cool-Air9!",
    });
    // The profile form keeps the email read-only.
    await user.click(screen.getByRole("button", { name: "Edit Profile" }));
    expect((screen.getByLabelText("Email") as HTMLInputElement).readOnly).toBe(true);
  });

  it("shows the server's refusal (wrong password) as a toast", async () => {
    fakeApi({
      ...signedInDana,
      ...noSessions,
      "POST /api/auth/email-change": {
        status: 400,
        body: { code: "BAD_REQUEST", message: "Current password is incorrect" },
      },
    });
    const { user } = renderApp("/profile");
    await user.click(await screen.findByRole("button", { name: "Change Email" }));
    await user.type(screen.getByLabelText("New Email"), "new@example.com");
    await user.type(screen.getByLabelText("Current Password"), "wrong");
    await user.click(screen.getByRole("button", { name: "Send Confirmation Link" }));
    expect(await findToast("Email change failed")).toBeTruthy();
    expect(screen.getByText("Current password is incorrect")).toBeTruthy();
  });

  it("confirms the link once and goes to the profile with a toast", async () => {
    let confirmed = false;
    const api = fakeApi({
      "GET /api/auth/user": () => ({
        status: 200,
        body: confirmed ? { ...dana, email: "new@example.com" } : dana,
      }),
      ...noSessions,
      "POST /api/auth/email-change/confirm": () => {
        confirmed = true;
        return { status: 200, body: { message: ACCOUNT_MESSAGES.emailChanged } };
      },
    });
    renderApp("/confirm-email?token=abc");
    expect(await findToast("Email changed")).toBeTruthy();
    await vi.waitFor(() => expect(window.location.pathname).toBe("/profile"));
    expect(await screen.findByText("new@example.com", { selector: "strong" })).toBeTruthy();
    expect(api.calls.filter((c) => c.path === "/api/auth/email-change/confirm")).toHaveLength(1);
    expect(api.calls.find((c) => c.path === "/api/auth/email-change/confirm")?.body).toEqual({
      token: "abc",
    });
  });

  it("tells a signed-out visitor when the link is no longer valid", async () => {
    fakeApi({
      "GET /api/auth/user": signedOut,
      "POST /api/auth/email-change/confirm": {
        status: 400,
        body: { code: "BAD_REQUEST", message: ACCOUNT_MESSAGES.emailChangeInvalidLink },
      },
    });
    renderApp("/confirm-email?token=used");
    expect(await findToast("Email change failed")).toBeTruthy();
    await vi.waitFor(() => expect(window.location.pathname).toBe("/signin"));
  });
});

describe("signed-in devices", () => {
  it("lists the devices, marks this one, and signs out the others", async () => {
    const current = {
      id: "s1",
      browser: "Chrome 130",
      os: "Linux",
      ipAddress: "203.0.113.7",
      createdAt: "2026-11-20T10:00:00.000Z",
      lastActiveAt: "2026-11-24T01:00:00.000Z",
      current: true,
    };
    const other = { ...current, id: "s2", browser: "Safari 17", os: "iOS 17", current: false };
    let revoked = false;
    const api = fakeApi({
      ...signedInDana,
      "GET /api/auth/sessions": () => ({
        status: 200,
        body: { sessions: revoked ? [current] : [current, other] },
      }),
      "POST /api/auth/sessions/revoke-others": () => {
        revoked = true;
        return { status: 200, body: { message: ACCOUNT_MESSAGES.otherSessionsEnded, revoked: 1 } };
      },
    });
    const { user } = renderApp("/profile");
    const list = await screen.findByRole("list", { name: "Signed-in devices" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(within(list).getByText("This device")).toBeTruthy();
    expect(within(list).getByText(/Safari 17 on iOS 17/)).toBeTruthy();
    expect(within(list).getAllByText(/from 203\.0\.113\.7/)).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "Sign out everywhere else" }));
    expect(await findToast(ACCOUNT_MESSAGES.otherSessionsEnded)).toBeTruthy();
    await vi.waitFor(() =>
      expect(
        within(screen.getByRole("list", { name: "Signed-in devices" })).getAllByRole("listitem"),
      ).toHaveLength(1),
    );
    expect(api.calls.some((c) => c.path === "/api/auth/sessions/revoke-others")).toBe(true);
    expect(
      (screen.getByRole("button", { name: "Sign out everywhere else" }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it("refreshes the list after a password change signs the other devices out", async () => {
    const current = {
      id: "s1",
      browser: "Chrome 130",
      os: "Linux",
      ipAddress: null,
      createdAt: "2026-11-20T10:00:00.000Z",
      lastActiveAt: "2026-11-24T01:00:00.000Z",
      current: true,
    };
    const other = { ...current, id: "s2", browser: "Safari 17", os: "iOS 17", current: false };
    let changed = false;
    fakeApi({
      ...signedInDana,
      "GET /api/auth/sessions": () => ({
        status: 200,
        body: { sessions: changed ? [current] : [current, other] },
      }),
      "PUT /api/auth/password": () => {
        changed = true;
        return { status: 200, body: { message: "Password updated" } };
      },
    });
    const { user } = renderApp("/profile");
    const list = await screen.findByRole("list", { name: "Signed-in devices" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "Change Password" }));
    await user.type(screen.getByLabelText("Current Password"), "Old-pass1");
    await user.type(screen.getByLabelText("New Password"), "New-pass1");
    await user.type(screen.getByLabelText("Confirm New Password"), "New-pass1");
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    expect(await findToast("Password changed")).toBeTruthy();
    // No reload: the list shows only this device.
    await vi.waitFor(() =>
      expect(
        within(screen.getByRole("list", { name: "Signed-in devices" })).getAllByRole("listitem"),
      ).toHaveLength(1),
    );
  });
});
