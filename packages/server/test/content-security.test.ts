/** The Content-Security-Policy admits Stripe.js only when Stripe payments are configured. */
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
