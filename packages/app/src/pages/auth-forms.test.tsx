/**
 * The signed-out forms' fields and messages: sign-in and the administrator setup
 * validate on submit with the specification's messages, each field labelled and described by
 * its hint and message; the password fields of registration and reset carry the rules' hint.
 * The profile's forms open in place with the focus on their first field, and give it back to
 * their button on Cancel.
 */
import { PASSWORD_RULES_HINT } from "@bis/sdk";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { dana, fakeApi, signedOut } from "../test/fake-api";
import { renderApp } from "../test/render-app";

/** The texts a field's aria-describedby points at, in order. */
function description(field: HTMLElement): string[] {
  return (field.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `(missing #${id})`);
}

describe("/signin", () => {
  it('asks for a valid email and a password; "Forgot password?" describes the password', async () => {
    const api = fakeApi({ "GET /api/auth/user": signedOut });
    const { user } = renderApp("/signin");
    await user.click(await screen.findByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Valid email is required")).toBeTruthy();
    expect(screen.getByText("Password is required")).toBeTruthy();
    const email = screen.getByLabelText("Email");
    const password = screen.getByLabelText("Password");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(email.getAttribute("autocomplete")).toBe("email");
    expect(description(password)).toEqual(["Forgot password?", "Password is required"]);
    expect(password.getAttribute("autocomplete")).toBe("current-password");
    expect(api.calls.some((c) => c.path === "/api/auth/login")).toBe(false);

    await user.type(password, "x");
    expect(screen.queryByText("Password is required")).toBeNull();
  });
});

describe("/admin-setup", () => {
  it("requires every field and a password under registration's rules", async () => {
    const api = fakeApi({
      "GET /api/auth/user": signedOut,
      "GET /api/admin/setup": { status: 200, body: { available: true } },
    });
    const { user } = renderApp("/admin-setup");
    await user.type(await screen.findByLabelText("Password"), "12345");
    await user.click(screen.getByRole("button", { name: "Create Admin Account" }));
    for (const message of [
      "Valid email is required",
      "Password must be at least 8 characters",
      "First name is required",
      "Last name is required",
    ])
      expect(await screen.findByText(message)).toBeTruthy();
    expect(description(screen.getByLabelText("Password"))).toEqual([
      PASSWORD_RULES_HINT,
      "Password must be at least 8 characters",
    ]);
    // Six characters passed the specification's rule; the complexity rules apply (a correction).
    await user.clear(screen.getByLabelText("Password"));
    await user.type(screen.getByLabelText("Password"), "secret");
    await user.click(screen.getByRole("button", { name: "Create Admin Account" }));
    expect(await screen.findByText("Password must be at least 8 characters")).toBeTruthy();
    await user.clear(screen.getByLabelText("Password"));
    await user.type(screen.getByLabelText("Password"), "secretsecret");
    await user.click(screen.getByRole("button", { name: "Create Admin Account" }));
    expect(
      await screen.findByText("Password must contain at least one uppercase letter"),
    ).toBeTruthy();
    expect(screen.getByLabelText("First Name").getAttribute("autocomplete")).toBe("given-name");
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);
  });
});

describe("new password fields", () => {
  it("registration: Password with the rules' hint, then Confirm Password", async () => {
    fakeApi({ "GET /api/auth/user": signedOut });
    renderApp("/register");
    const password = await screen.findByLabelText("Password");
    expect(description(password)).toEqual([PASSWORD_RULES_HINT]);
    expect(password.getAttribute("autocomplete")).toBe("new-password");
    const confirm = screen.getByLabelText("Confirm Password");
    expect(description(confirm)).toEqual([]);
    expect(confirm.getAttribute("autocomplete")).toBe("new-password");
  });

  it("reset: New Password with the rules' hint, then Confirm New Password", async () => {
    fakeApi({ "GET /api/auth/user": signedOut });
    renderApp("/reset-password?token=tok123");
    const password = await screen.findByLabelText("New Password");
    expect(description(password)).toEqual([PASSWORD_RULES_HINT]);
    expect(screen.getByLabelText("Confirm New Password").getAttribute("autocomplete")).toBe(
      "new-password",
    );
  });
});

describe("/profile forms opened in place", () => {
  it("focus their first field, and their button again on Cancel", async () => {
    fakeApi({
      "GET /api/auth/user": { status: 200, body: dana },
      "GET /api/auth/sessions": { status: 200, body: { sessions: [] } },
    });
    const { user } = renderApp("/profile");
    for (const [button, first] of [
      ["Change Password", "Current Password"],
      ["Change Email", "New Email"],
    ] as const) {
      await user.click(await screen.findByRole("button", { name: button }));
      expect(document.activeElement).toBe(screen.getByLabelText(first));
      await user.click(screen.getByRole("button", { name: "Cancel" }));
      expect(document.activeElement).toBe(screen.getByRole("button", { name: button }));
    }
  });
});
