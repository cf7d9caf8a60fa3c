/**
 * Issue 24: the price is per package actually sold (an administrator prices each deliverable;
 * the package costs the offered ones' sum), and revenue counts money (real payments net of
 * refunds; demo purchases apart). Stripe mode against the local fake of the Stripe API.
 */
import { DEFAULT_PREMIUM_PRICES } from "@bis/sdk";
import type { NodeClient } from "@bis/sdk/node";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeStripe, paymentIntentSucceeded, startFakeStripe } from "./support/fake-stripe.js";
import {
  analysisFor,
  errorOf,
  signedInAdmin,
  signedInUser,
  startTestServer,
  type TestServer,
} from "./support/index.js";

const SECRET_KEY = "sk_test_51BisFakeSecretKey0000000000";
const WEBHOOK_SECRET = "whsec_bisTestWebhookSecret0000000000";

describe("prices per deliverable and real revenue (Stripe mode)", () => {
  let bis: TestServer;
  let fake: FakeStripe;
  let owner: NodeClient;
  let admin: NodeClient;

  beforeAll(async () => {
    fake = await startFakeStripe({ secretKey: SECRET_KEY });
    bis = await startTestServer({
      BIS_LOGIN_RATE_LIMIT: "1000",
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: "pk_test_51BisFakePublishableKey000000",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    });
    admin = await signedInAdmin(bis);
    owner = await signedInUser(bis, "Priya");
  }, 60_000);
  afterAll(async () => {
    for (const c of [owner, admin]) await c?.close();
    await bis?.close();
    await fake?.close();
  });

  async function deliver(event: object) {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const response = await fetch(`${bis.url}/api/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
    expect(response.status).toBe(200);
  }

  async function paidByCard(): Promise<{ analysisId: string; amount: number }> {
    const analysisId = await analysisFor(owner);
    const { clientSecret } = await owner.payments.createIntent({ analysisId });
    const intent = fake.intents.get(clientSecret.split("_secret_")[0] as string);
    if (!intent) throw new Error("the fake has no such intent");
    fake.succeed(intent.id);
    await deliver(paymentIntentSucceeded(intent));
    expect((await owner.analyses.get(analysisId)).isPaid).toBe(true);
    return { analysisId, amount: intent.amount };
  }

  it("splits the specification's $899 over the three deliverables by default", async () => {
    expect(await admin.admin.prices()).toEqual(DEFAULT_PREMIUM_PRICES);
    const config = await owner.payments.config();
    expect(config.deliverables.map((d) => [d.id, d.price])).toEqual([
      ["keywordResearch", 49_900],
      ["competitionAnalysis", 30_000],
      ["pdfReport", 10_000],
    ]);
    expect(config.amount).toBe(89_900);
  });

  it("counts a card payment as revenue, net of its refund", async () => {
    const before = await admin.admin.analytics();
    const { analysisId, amount } = await paidByCard();
    const after = await admin.admin.analytics();
    expect(after.totalRevenue).toBeCloseTo(before.totalRevenue + amount / 100, 2);
    expect(after.realPayments).toBe((before.realPayments ?? 0) + 1);
    expect(after.demoPayments).toBe(0);
    const real = await admin.admin.payments({ kind: "real" });
    const paid = real.find((p) => p.analysisId === analysisId);
    expect(paid?.provider).toBe("stripe");
    expect(await admin.admin.payments({ kind: "demo" })).toEqual([]);
    if (!paid) throw new Error("not listed");
    await admin.admin.refundPayment(paid.id);
    const refunded = await admin.admin.analytics();
    expect(refunded.totalRevenue).toBeCloseTo(before.totalRevenue, 2);
    expect(refunded.realPayments).toBe(before.realPayments ?? 0);
  });

  it("charges the administrator's prices; only administrators set them, within Stripe's limits", async () => {
    const anonymous = await fetch(`${bis.url}/api/admin/prices`);
    expect(anonymous.status).toBe(401);
    expect((await errorOf(owner.admin.prices())).status).toBe(403);
    expect((await errorOf(owner.admin.updatePrices({ pdfReport: 0 }))).status).toBe(403);
    const tooLow = await errorOf(admin.admin.updatePrices({ competitionAnalysis: 10 }));
    expect([tooLow.status, tooLow.serverMessage]).toEqual([
      400,
      "Competition analysis: must be at least 50 cents",
    ]);
    const unknown = await errorOf(
      admin.admin.updatePrices({ video: 1 } as unknown as { pdfReport: number }),
    );
    expect([unknown.status, unknown.serverMessage]).toEqual([400, "Unknown price: video"]);

    const prices = await admin.admin.updatePrices({ keywordResearch: 39_900, pdfReport: 0 });
    expect(prices).toEqual({ keywordResearch: 39_900, competitionAnalysis: 30_000, pdfReport: 0 });
    expect((await owner.payments.config()).amount).toBe(69_900);
    const { amount } = await paidByCard();
    expect(amount).toBe(69_900);
    const audit = await admin.admin.audit();
    expect(audit[0]).toMatchObject({
      action: "settings.update",
      targetId: "price.keywordResearch,price.pdfReport",
    });
    await admin.admin.updatePrices(DEFAULT_PREMIUM_PRICES);
  });
});
