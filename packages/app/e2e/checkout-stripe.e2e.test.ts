/**
 * The checkout in Stripe mode, on a machine that cannot reach Stripe: the server is started with
 * (made-up) test keys, so the configuration call says "stripe" and hands out the publishable key.
 * Stripe.js is requested only on the checkout (never on the results page), and when neither it
 * nor the PaymentIntent can be had, the checkout says "Payment Setup Failed" and offers to try
 * again — it does not fall back to anything that would grant premium. The server's
 * Content-Security-Policy must let the checkout load Stripe.js, or no real payment can work.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2EEnv, newPage, startE2E, stopE2E } from "./harness.js";
import {
  newAccount,
  runAnalysis,
  signUpVerified,
  toastIn,
  visible,
  waitForPath,
} from "./support.js";

const account = newAccount("stripe", "Riley", "Card");

let env: E2EEnv;
let page: Page;
let analysisPath = "";
/** Requests the browser made to Stripe (all answered with a network error here). */
const stripeRequests: string[] = [];

describe("checkout in Stripe mode without a network", () => {
  beforeAll(async () => {
    // setup.ts started the server in demo mode: start it again with Stripe keys.
    await stopE2E();
    env = await startE2E({
      STRIPE_SECRET_KEY: "sk_test_e2eOffline",
      STRIPE_PUBLISHABLE_KEY: "pk_test_e2eOffline",
      STRIPE_WEBHOOK_SECRET: "whsec_e2eOffline",
    });
    page = await newPage();
    await page.context().route(/^https:\/\/([a-z0-9-]+\.)*stripe\.(com|network)\//, (route) => {
      stripeRequests.push(route.request().url());
      return route.abort("internetdisconnected");
    });
  }, 60_000);

  afterAll(async () => {
    await page?.context().close();
  });

  it("serves the stripe configuration with the publishable key", async () => {
    const res = await fetch(new URL("/api/config/payments", env.baseUrl));
    const config = (await res.json()) as { mode: string; publishableKey: string | null };
    expect(config.mode).toBe("stripe");
    expect(config.publishableKey).toBe("pk_test_e2eOffline");
  });

  it("lets the checkout load Stripe.js and its frames (Content-Security-Policy)", async () => {
    // Stripe's documented needs: script-src and frame-src js.stripe.com, connect-src api.stripe.com.
    const res = await fetch(new URL("/checkout/any", env.baseUrl));
    const csp = res.headers.get("content-security-policy") ?? "";
    const directive = (name: string) =>
      csp
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .find(([n]) => n === name)
        ?.slice(1) ?? ["(default-src)"];
    const allows = (name: string, origin: string) =>
      directive(name).some((source) => source === origin || source === "https:");
    expect(
      allows("script-src", "https://js.stripe.com"),
      `script-src: ${directive("script-src")}`,
    ).toBe(true);
    expect(
      allows("frame-src", "https://js.stripe.com"),
      `frame-src: ${directive("frame-src")}`,
    ).toBe(true);
    expect(
      allows("connect-src", "https://api.stripe.com"),
      `connect-src: ${directive("connect-src")}`,
    ).toBe(true);
  });

  it("runs an analysis without loading Stripe.js", { timeout: 60_000 }, async () => {
    await signUpVerified(page, env, account);
    analysisPath = await runAnalysis(page, "Austin", "TX");
    await visible(page.getByText("Complete Your Market Intelligence", { exact: true }));
    expect(stripeRequests).toEqual([]);
  });

  it('says "Payment Setup Failed" at the checkout when Stripe cannot be reached', {
    timeout: 45_000,
  }, async () => {
    await page.getByRole("link", { name: "Learn More About Premium Services" }).click();
    await waitForPath(page, `/checkout/${analysisPath.split("/").at(-1)}`);
    await visible(page.getByRole("region", { name: "Order Summary" }));
    await visible(toastIn(page, "Payment Setup Failed"), 30_000);
    await visible(page.getByRole("heading", { name: "Payment Setup Failed" }));
    await visible(page.getByRole("button", { name: "Try again" }));
    // Stripe.js was asked for (with the server's key) in parallel with the PaymentIntent.
    await expect
      .poll(() => stripeRequests.some((u) => u.startsWith("https://js.stripe.com/")), {
        timeout: 10_000,
      })
      .toBe(true);
    // Stripe mode offers no demo purchase, and nothing was unlocked.
    expect(await page.getByRole("region", { name: /^Demo checkout/ }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Complete Demo Purchase" }).count()).toBe(0);
    await page.goto(new URL(analysisPath, env.baseUrl).toString());
    await visible(page.getByText("Complete Your Market Intelligence", { exact: true }));
  });
});
