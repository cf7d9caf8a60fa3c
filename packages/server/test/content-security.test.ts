/**
 * The Content-Security-Policy admits Stripe.js only when Stripe payments are configured. Every
 * response carries a restrictive Permissions-Policy (issue 36, low f).
 */
import { expect, it } from "vitest";
import { startTestServer } from "./support/index.js";

async function csp(env: Record<string, string>) {
  const bis = await startTestServer(env);
  try {
    return (await fetch(`${bis.url}/api/health`)).headers.get("content-security-policy") ?? "";
  } finally {
    await bis.close();
  }
}

it("allows Stripe.js and the Stripe API in Stripe mode", async () => {
  const policy = await csp({
    STRIPE_SECRET_KEY: "sk_test_csp",
    STRIPE_PUBLISHABLE_KEY: "pk_test_csp",
    STRIPE_WEBHOOK_SECRET: "whsec_csp",
  });
  expect(policy).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com");
  expect(policy).toContain("connect-src 'self' https://api.stripe.com");
  expect(policy).toContain("img-src 'self' data: https://*.stripe.com");
});

it("keeps scripts to the site itself in demo mode", async () => {
  const policy = await csp({});
  expect(policy).toContain("script-src 'self';");
  expect(policy).toContain("connect-src 'self';");
  expect(policy).not.toContain("stripe");
});

async function permissions(env: Record<string, string>) {
  const bis = await startTestServer(env);
  try {
    const answers = await Promise.all(
      ["/api/health", "/api/no-such-thing", "/widget.js", "/"].map((path) =>
        fetch(`${bis.url}${path}`),
      ),
    );
    return answers.map((a) => a.headers.get("permissions-policy") ?? "");
  } finally {
    await bis.close();
  }
}

it("sends a restrictive Permissions-Policy on every response", async () => {
  const demo = await permissions({});
  expect(new Set(demo).size).toBe(1);
  const [policy = ""] = demo;
  for (const feature of [
    "camera",
    "microphone",
    "geolocation",
    "usb",
    "payment",
    "display-capture",
  ])
    expect(policy).toContain(`${feature}=()`);
  // What the video players need stays delegable to their frames.
  for (const feature of ["fullscreen", "autoplay", "encrypted-media", "picture-in-picture"])
    expect(policy).not.toContain(feature);
  const stripe = await permissions({
    STRIPE_SECRET_KEY: "sk_test_pp",
    STRIPE_PUBLISHABLE_KEY: "pk_test_pp",
    STRIPE_WEBHOOK_SECRET: "whsec_pp",
  });
  expect(stripe[0]).toContain('payment=(self "https://js.stripe.com")');
  expect(stripe[0]).toContain("camera=()");
});
