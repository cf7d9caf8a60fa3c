/**
 * Deep links survive sign-in: a signed-in screen opened signed out goes to
 * /signin?next=<its address>, and signing in returns there; a `next` that is not a same-origin
 * path is ignored (the dashboard, as usual).
 */
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { dana, fakeApi, signedOut } from "./test/fake-api";
import { findToast, renderApp } from "./test/render-app";

const here = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

async function signIn(user: ReturnType<typeof renderApp>["user"]) {
  await user.type(await screen.findByLabelText("Email"), "dana@example.com");
  await user.type(screen.getByLabelText("Password"), "Secret#123");
  await user.click(screen.getByRole("button", { name: "Sign In" }));
  expect(await findToast("Welcome back!")).toBeTruthy();
}

describe("deep links and sign-in", () => {
  it("sends a signed-out visitor of an analysis to sign in, and back after", async () => {
    let signedIn = false;
    fakeApi({
      "GET /api/auth/user": () => (signedIn ? { status: 200, body: dana } : signedOut),
      "POST /api/auth/login": () => {
        signedIn = true;
        return { status: 200, body: dana };
      },
      "GET /api/public/settings": { status: 200, body: {} },
    });
    const { user } = renderApp("/analysis/an_42?section=zip#map");
    await waitFor(() => expect(window.location.pathname).toBe("/signin"));
    expect(new URLSearchParams(window.location.search).get("next")).toBe(
      "/analysis/an_42?section=zip#map",
    );
    await signIn(user);
    await waitFor(() => expect(here()).toBe("/analysis/an_42?section=zip#map"));
  });

  it("returns to the profile, another signed-in screen", async () => {
    fakeApi({
      "GET /api/auth/user": signedOut,
      "POST /api/auth/login": { status: 200, body: dana },
    });
    const { user } = renderApp("/profile");
    await waitFor(() => expect(here()).toBe("/signin?next=%2Fprofile"));
    await signIn(user);
    expect(await screen.findByRole("heading", { name: "Account Settings" })).toBeTruthy();
    expect(window.location.pathname).toBe("/profile");
  });

  it.each([
    "//evil.com",
    "https://evil.com/analysis/1",
    "/\\evil.com",
    "\\\\evil.com",
    "javascript:alert(1)",
  ])("ignores next=%s and lands on the dashboard", async (next) => {
    fakeApi({
      "GET /api/auth/user": signedOut,
      "POST /api/auth/login": { status: 200, body: dana },
    });
    const { user } = renderApp(`/signin?next=${encodeURIComponent(next)}`);
    await signIn(user);
    expect(await screen.findByRole("heading", { name: "Welcome, Dana!" })).toBeTruthy();
    expect(window.location.pathname).toBe("/dashboard");
  });
});
