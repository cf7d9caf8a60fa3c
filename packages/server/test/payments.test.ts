/**
 * Checkout and payments over HTTP: Stripe mode against a local fake of the Stripe API, webhooks
 * signed like Stripe signs them, demo mode, refunds, entitlement and deletion.
 */
import { createNodeClient, type NodeClient } from "@bis/sdk/node";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tablesFor } from "../src/db/database.js";
import { STRIPE_API_VERSION } from "../src/providers/stripe/client.js";
import { PAYMENT_REQUIRED_MESSAGE } from "../src/services/payments/index.js";
import {
  chargeRefunded,
  type FakeStripe,
  paymentIntentSucceeded,
  startFakeStripe,
  stripeEvent,
} from "./support/fake-stripe.js";
import {
  analysisFor,
  errorOf,
  me,
  type ServerWithUsers,
  signedInAdmin,
  signedInUser,
  startTestServer,
  startWithUsers,
  type TestServer,
} from "./support/index.js";
import { testEngine } from "./support/postgres.js";

const { analysis, payment, user } = tablesFor(testEngine());

const SECRET_KEY = "sk_test_51BisFakeSecretKey0000000000";
const PUBLISHABLE_KEY = "pk_test_51BisFakePublishableKey000000";
const WEBHOOK_SECRET = "whsec_bisTestWebhookSecret0000000000";

describe("Stripe mode", () => {
  let bis: TestServer;
  let fake: FakeStripe;
  let owner: NodeClient;
  let other: NodeClient;
  let admin: NodeClient;

  beforeAll(async () => {
    fake = await startFakeStripe({ secretKey: SECRET_KEY });
    bis = await startTestServer({
      BIS_LOGIN_RATE_LIMIT: "1000",
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    });
    admin = await signedInAdmin(bis);
    owner = await signedInUser(bis, "Paula");
    other = await signedInUser(bis, "Otto");
  }, 60_000);
  afterAll(async () => {
    for (const c of [owner, other, admin]) await c?.close();
    await bis?.close();
    await fake?.close();
  });

  /** Posts a webhook as Stripe does: raw JSON, `Stripe-Signature` over the exact bytes. */
  async function deliver(
    event: object,
    options: { secret?: string; timestamp?: number; tamper?: (body: string) => string } = {},
  ) {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      timestamp: options.timestamp,
    });
    const response = await fetch(`${bis.url}/api/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: options.tamper ? options.tamper(payload) : payload,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** An intent made through BIS for a fresh analysis of `client`. */
  async function intentFor(client: NodeClient) {
    const analysisId = await analysisFor(client);
    const { clientSecret } = await client.payments.createIntent({ analysisId });
    const intentId = clientSecret.split("_secret_")[0] as string;
    const intent = fake.intents.get(intentId);
    if (!intent) throw new Error("the fake has no such intent");
    return { analysisId, intent };
  }

  async function paymentsOf(analysisId: string) {
    return (await admin.admin.payments()).filter((p) => p.analysisId === analysisId);
  }

  it("gives the checkout the mode, publishable key and price, never a secret", async () => {
    const response = await fetch(`${bis.url}/api/config/payments`);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({
      mode: "stripe",
      publishableKey: PUBLISHABLE_KEY,
      amount: 89_900,
      currency: "usd",
      productName: "Premium Market Intelligence",
      purchasable: true,
    });
    expect(text).not.toContain("sk_test");
    expect(text).not.toContain("whsec_");
    expect(await owner.payments.config()).toMatchObject({ mode: "stripe" });
  });

  it("creates one PaymentIntent per analysis in Stripe's wire format, however often it is asked", async () => {
    const analysisId = await analysisFor(owner);
    const before = fake.intentsCreated();
    const first = await owner.payments.createIntent({ analysisId });
    const again = await owner.payments.createIntent({ analysisId });
    const [racing1, racing2] = await Promise.all([
      owner.payments.createIntent({ analysisId }),
      owner.payments.createIntent({ analysisId }),
    ]);
    expect(fake.intentsCreated() - before).toBe(1);
    for (const answer of [again, racing1, racing2]) expect(answer).toEqual(first);
    expect(first.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);

    const calls = fake.requests.filter(
      (r) => r.path === "/v1/payment_intents" && r.params.metadata,
    );
    const mine = calls.filter(
      (r) => (r.params.metadata as Record<string, string>).analysisId === analysisId,
    );
    expect(mine).toHaveLength(4);
    expect(new Set(mine.map((r) => r.idempotencyKey)).size).toBe(1);
    const ownerUser = await me(owner);
    for (const r of mine) {
      expect(r.method).toBe("POST");
      expect(r.authorization).toBe(`Bearer ${SECRET_KEY}`);
      expect(r.stripeVersion).toBe(STRIPE_API_VERSION);
      expect(r.contentType).toMatch(/application\/x-www-form-urlencoded/);
      expect(r.idempotencyKey).toMatch(/^bis-premium-[0-9a-f]{40}$/);
      expect(r.params).toMatchObject({
        amount: "89900",
        currency: "usd",
        automatic_payment_methods: { enabled: "true" },
        metadata: { analysisId, userId: ownerUser.id },
      });
      expect(r.params.description).toMatch(/^Premium Market Intelligence: HVAC, Austin, TX$/);
    }

    // The intent reads back from the Stripe API with what BIS asked for.
    const stripe = new Stripe(SECRET_KEY, {
      host: "127.0.0.1",
      port: new URL(fake.url).port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    const intent = await stripe.paymentIntents.retrieve(
      first.clientSecret.split("_secret_")[0] as string,
    );
    expect(intent).toMatchObject({
      amount: 89_900,
      currency: "usd",
      status: "requires_payment_method",
    });
    expect(intent.metadata).toEqual({ analysisId, userId: ownerUser.id, amount: "89900" });
  });

  it("turns Stripe's failures into clear 4xx/5xx messages without leaking the key", async () => {
    const analysisId = await analysisFor(owner);
    const cases: [Parameters<FakeStripe["fail"]>[0], number, string, RegExp][] = [
      ["card_error", 400, "CARD_DECLINED", /^Your card was declined\.$/],
      ["api_error", 502, "UPSTREAM_FAILED", /payment provider could not complete the request/],
      ["rate_limit", 503, "UNAVAILABLE", /payment provider is busy/],
      ["reset", 502, "UPSTREAM_FAILED", /Could not reach the payment provider/],
    ];
    try {
      for (const [mode, status, code, message] of cases) {
        fake.fail(mode);
        const error = await errorOf(owner.payments.createIntent({ analysisId }));
        expect([mode, error.status, error.code]).toEqual([mode, status, code]);
        expect(error.serverMessage).toMatch(message);
      }
    } finally {
      fake.fail(null);
    }

    fake.acceptKey("sk_test_rotatedKey");
    try {
      const error = await errorOf(owner.payments.createIntent({ analysisId }));
      expect(error.status).toBe(502);
      expect(error.serverMessage).toMatch(/^Payment provider configuration error/);
      expect(error.message).not.toMatch(/sk_|API Key/);
    } finally {
      fake.acceptKey(SECRET_KEY);
    }
    // Recovered: the same request now succeeds.
    expect((await owner.payments.createIntent({ analysisId })).clientSecret).toMatch(/^pi_/);
  });

  it("lets only the owner pay: others 404, unknown 404, administrators 403, signed out 401", async () => {
    const analysisId = await analysisFor(owner);
    const before = fake.intentsCreated();
    expect((await errorOf(other.payments.createIntent({ analysisId }))).status).toBe(404);
    expect((await errorOf(other.analyses.get(analysisId))).status).toBe(404);
    expect((await errorOf(owner.payments.createIntent({ analysisId: "nope" }))).status).toBe(404);
    const byAdmin = await errorOf(admin.payments.createIntent({ analysisId }));
    expect([byAdmin.status, byAdmin.code]).toEqual([403, "PREMIUM_OWNER_ONLY"]);
    const anonymous = createNodeClient({ baseUrl: bis.url });
    expect((await errorOf(anonymous.payments.createIntent({ analysisId }))).status).toBe(401);
    await anonymous.close();
    const invalid = await errorOf(owner.payments.createIntent({ analysisId: "" }));
    expect([invalid.status, invalid.serverMessage]).toEqual([400, "Analysis ID not found"]);
    expect(fake.intentsCreated()).toBe(before);
  });

  it("fulfils only from a verified webhook: payment_success=true unlocks nothing", async () => {
    const { analysisId, intent } = await intentFor(owner);
    fake.succeed(intent.id);

    // The browser comes back with ?payment_success=true before the webhook: still unpaid.
    const early = await owner.fetch(`${bis.url}/api/analyses/${analysisId}?payment_success=true`, {
      method: "GET",
    });
    expect(((await early.json()) as { isPaid: boolean }).isPaid).toBe(false);
    expect(await paymentsOf(analysisId)).toEqual([]);
    expect((await owner.payments.config()).mode).toBe("stripe");

    const delivered = await deliver(paymentIntentSucceeded(intent));
    expect(delivered).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect((await owner.analyses.get(analysisId)).isPaid).toBe(true);
    const [paid, ...more] = await paymentsOf(analysisId);
    expect(more).toEqual([]);
    expect(paid).toMatchObject({
      userId: (await me(owner)).id,
      analysisId,
      provider: "stripe",
      providerPaymentId: intent.id,
      amount: 89_900,
      currency: "usd",
      status: "succeeded",
      refundedAt: null,
    });

    const again = await errorOf(owner.payments.createIntent({ analysisId }));
    expect([again.status, again.code, again.serverMessage]).toEqual([
      409,
      "ANALYSIS_ALREADY_PAID",
      "This analysis is already paid for.",
    ]);
  });

  it("rejects a wrong secret, a stale timestamp, an altered body or no signature, and changes nothing", async () => {
    const { analysisId, intent } = await intentFor(owner);
    fake.succeed(intent.id);
    const event = paymentIntentSucceeded(intent);
    const attempts = [
      await deliver(event, { secret: "whsec_someoneElsesSecret" }),
      await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
      await deliver(event, { tamper: (body) => body.replace('"amount":89900', '"amount":50') }),
      await deliver(event, {
        tamper: (body) =>
          body.replace(
            analysisId,
            `${analysisId.slice(0, -1)}${analysisId.endsWith("0") ? "1" : "0"}`,
          ),
      }),
    ];
    const unsigned = await fetch(`${bis.url}/api/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(event),
    });
    attempts.push({
      status: unsigned.status,
      body: (await unsigned.json()) as Record<string, unknown>,
    });
    for (const attempt of attempts) {
      expect(attempt).toEqual({
        status: 400,
        body: { code: "WEBHOOK_SIGNATURE_INVALID", message: "Invalid webhook signature" },
      });
    }
    expect((await owner.analyses.get(analysisId)).isPaid).toBe(false);
    expect(await paymentsOf(analysisId)).toEqual([]);

    // The rejected attempts did not use up the event id: the genuine delivery still counts.
    expect((await deliver(event)).status).toBe(200);
    expect((await owner.analyses.get(analysisId)).isPaid).toBe(true);
  });

  it("answers 400 to signed but malformed events and changes nothing", async () => {
    const { analysisId, intent } = await intentFor(owner);
    fake.succeed(intent.id);
    const good = paymentIntentSucceeded(intent);
    const { data: _data, ...noData } = good;
    const { id: _id, ...noId } = good;
    const { currency: _currency, ...noCurrency } = good.data.object as Record<string, unknown>;
    const malformed: unknown[] = [
      noData,
      { ...good, data: { object: null } },
      { ...good, data: null },
      { ...good, data: { object: noCurrency } },
      noId,
      { ...good, id: "" },
      { ...good, type: 42 },
      [good],
      "just a string",
      { ...good, data: { object: { ...good.data.object, metadata: null, amount: "a lot" } } },
      stripeEvent("charge.refunded", { object: "charge", refunded: "yes" }),
    ];
    for (const event of malformed) {
      const delivered = await deliver(event as object);
      expect(delivered.status, JSON.stringify(event).slice(0, 80)).toBe(400);
      expect(delivered.body).toMatchObject({ code: "WEBHOOK_EVENT_MALFORMED" });
    }
    expect((await owner.analyses.get(analysisId)).isPaid).toBe(false);
    expect(await paymentsOf(analysisId)).toEqual([]);
    // Nothing was recorded under the event id: the well-formed delivery still counts.
    expect((await deliver(good)).body).toEqual({ received: true, duplicate: false });
    expect((await owner.analyses.get(analysisId)).isPaid).toBe(true);
  });

  it("refuses a signature timestamped beyond the tolerance in the future", async () => {
    const { analysisId, intent } = await intentFor(owner);
    fake.succeed(intent.id);
    const event = paymentIntentSucceeded(intent);
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now + 24 * 60 * 60, now + 301 + 5]) {
      expect(await deliver(event, { timestamp })).toEqual({
        status: 400,
        body: { code: "WEBHOOK_SIGNATURE_INVALID", message: "Invalid webhook signature" },
      });
    }
    expect((await owner.analyses.get(analysisId)).isPaid).toBe(false);
    // A little clock skew is fine.
    expect((await deliver(event, { timestamp: now + 30 })).status).toBe(200);
    expect((await owner.analyses.get(analysisId)).isPaid).toBe(true);
  });

  it("processes an event once per id, and a second success for the same intent changes nothing", async () => {
    const { analysisId, intent } = await intentFor(owner);
    fake.succeed(intent.id);
    const event = paymentIntentSucceeded(intent);
    expect((await deliver(event)).body).toEqual({ received: true, duplicate: false });
    expect((await deliver(event)).body).toEqual({ received: true, duplicate: true });
    expect((await deliver(paymentIntentSucceeded(intent))).body).toEqual({
      received: true,
      duplicate: false,
    });
    expect(await paymentsOf(analysisId)).toHaveLength(1);
    expect((await owner.analyses.get(analysisId)).isPaid).toBe(true);
  });

  it("fulfils an event delivered several times at once exactly once", async () => {
    const { analysisId, intent } = await intentFor(owner);
    fake.succeed(intent.id);
    const event = paymentIntentSucceeded(intent);
    const deliveries = await Promise.all([
      deliver(event),
      deliver(event),
      deliver(event),
      deliver(paymentIntentSucceeded(intent)),
    ]);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200, 200]);
    const first = deliveries.slice(0, 3).map((d) => d.body.duplicate);
    expect(first.filter((duplicate) => duplicate === false)).toHaveLength(1);
    const [paid, ...more] = await paymentsOf(analysisId);
    expect(more).toEqual([]);
    expect(paid).toMatchObject({ providerPaymentId: intent.id, status: "succeeded" });
    expect((await owner.analyses.get(analysisId)).isPaid).toBe(true);
  });

  it("refunds through Stripe every further payment for an analysis already paid, and never counts it", async () => {
    // Issue 36: 20 different intents for one paid analysis used to record 20 succeeded payments.
    const { analysisId, intent } = await intentFor(owner);
    fake.succeed(intent.id);
    await deliver(paymentIntentSucceeded(intent));
    const revenueBefore = (await admin.admin.analytics()).totalRevenue;
    const stripe = new Stripe(SECRET_KEY, {
      host: new URL(fake.url).hostname,
      port: new URL(fake.url).port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    const more = await Promise.all(
      Array.from({ length: 20 }, () =>
        stripe.paymentIntents.create({
          amount: intent.amount,
          currency: intent.currency,
          metadata: intent.metadata,
        }),
      ),
    );
    const duplicates = more.map((m) => fake.succeed(m.id));
    const deliveries = await Promise.all(duplicates.map((d) => deliver(paymentIntentSucceeded(d))));
    expect(deliveries.map((d) => d.status)).toEqual(Array(20).fill(200));

    const recorded = await paymentsOf(analysisId);
    expect(recorded).toHaveLength(21);
    expect(
      recorded.filter((p) => p.status === "succeeded").map((p) => p.providerPaymentId),
    ).toEqual([intent.id]);
    expect(recorded.filter((p) => p.status === "refunded")).toHaveLength(20);
    // Each refunded through Stripe, once, with an idempotency key of its own.
    const refunded = fake.refunds.filter((r) => duplicates.some((d) => d.id === r.payment_intent));
    expect(refunded.map((r) => r.payment_intent).sort()).toEqual(
      duplicates.map((d) => d.id).sort(),
    );
    const keys = fake.requests
      .filter(
        (r) => r.path === "/v1/refunds" && duplicates.some((d) => d.id === r.params.payment_intent),
      )
      .map((r) => r.idempotencyKey);
    expect(new Set(keys)).toEqual(new Set(duplicates.map((d) => `bis-duplicate-refund-${d.id}`)));
    expect((await owner.analyses.get(analysisId)).isPaid).toBe(true);
    expect((await admin.admin.analytics()).totalRevenue).toBe(revenueBefore);

    // Stripe's charge.refunded for a duplicate and a replay of its success change nothing.
    const [first] = duplicates as [(typeof duplicates)[number]];
    expect((await deliver(chargeRefunded(first))).status).toBe(200);
    expect((await deliver(paymentIntentSucceeded(first))).status).toBe(200);
    expect((await owner.analyses.get(analysisId)).isPaid).toBe(true);
    expect(await paymentsOf(analysisId)).toHaveLength(21);
    expect(fake.refunds.filter((r) => r.payment_intent === first.id)).toHaveLength(1);
  });

  it("answers 502 when Stripe cannot refund a duplicate, and refunds it when Stripe delivers again", async () => {
    const { analysisId, intent } = await intentFor(owner);
    fake.succeed(intent.id);
    await deliver(paymentIntentSucceeded(intent));
    const stripe = new Stripe(SECRET_KEY, {
      host: new URL(fake.url).hostname,
      port: new URL(fake.url).port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    const second = await stripe.paymentIntents.create({
      amount: intent.amount,
      currency: intent.currency,
      metadata: intent.metadata,
    });
    const event = paymentIntentSucceeded(fake.succeed(second.id));
    fake.fail("api_error");
    try {
      expect((await deliver(event)).status).toBe(502);
    } finally {
      fake.fail(null);
    }
    const [, duplicate] = await paymentsOf(analysisId).then((p) =>
      p.sort((a, b) =>
        a.providerPaymentId === intent.id ? -1 : b.providerPaymentId === intent.id ? 1 : 0,
      ),
    );
    expect(duplicate).toMatchObject({ providerPaymentId: second.id, status: "refunded" });
    expect(fake.refunds.some((r) => r.payment_intent === second.id)).toBe(false);
    // Stripe retries the same event: the refund goes through, once.
    expect(await deliver(event)).toEqual({
      status: 200,
      body: { received: true, duplicate: true },
    });
    expect(fake.refunds.filter((r) => r.payment_intent === second.id)).toHaveLength(1);
    expect((await owner.analyses.get(analysisId)).isPaid).toBe(true);
  });

  it("withdraws premium on charge.refunded, keeps it on a partial refund, and replays change nothing", async () => {
    const { analysisId, intent } = await intentFor(owner);
    fake.succeed(intent.id);
    await deliver(paymentIntentSucceeded(intent));
    expect((await owner.analyses.get(analysisId)).isPaid).toBe(true);

    expect((await deliver(chargeRefunded(intent, { partial: true }))).status).toBe(200);
    expect((await owner.analyses.get(analysisId)).isPaid).toBe(true);

    const refund = chargeRefunded(intent);
    expect((await deliver(refund)).status).toBe(200);
    expect((await owner.analyses.get(analysisId)).isPaid).toBe(false);
    const [refunded] = await paymentsOf(analysisId);
    expect(refunded?.status).toBe("refunded");
    expect(Date.parse(refunded?.refundedAt ?? "")).toBeGreaterThan(Date.now() - 60_000);

    // A late replay of the success (a new delivery id) does not bring premium back.
    await deliver(refund);
    await deliver(paymentIntentSucceeded(intent));
    expect((await owner.analyses.get(analysisId)).isPaid).toBe(false);
    expect(await paymentsOf(analysisId)).toHaveLength(1);
  });

  it("ends refunded and unpaid when the refund arrives before the success", async () => {
    const { analysisId, intent } = await intentFor(owner);
    fake.succeed(intent.id);
    expect((await deliver(chargeRefunded(intent))).status).toBe(200);
    expect((await deliver(paymentIntentSucceeded(intent))).status).toBe(200);
    expect((await owner.analyses.get(analysisId)).isPaid).toBe(false);
    const [recorded, ...more] = await paymentsOf(analysisId);
    expect(more).toEqual([]);
    expect(recorded).toMatchObject({ providerPaymentId: intent.id, status: "refunded" });
    expect(recorded?.refundedAt).not.toBeNull();
  });

  it("records but ignores successes that are not for this price, this user's analysis, or BIS", async () => {
    const { analysisId, intent } = await intentFor(owner);
    fake.succeed(intent.id);
    const otherUser = await me(other);
    const cases = [
      { ...intent, amount: 100, amount_received: 100 },
      { ...intent, currency: "eur" },
      { ...intent, metadata: { analysisId, userId: otherUser.id } },
      { ...intent, metadata: { analysisId: "no-such-analysis", userId: otherUser.id } },
      { ...intent, metadata: {} },
    ];
    for (const object of cases) {
      const delivered = await deliver(stripeEvent("payment_intent.succeeded", object));
      expect(delivered).toEqual({ status: 200, body: { received: true, duplicate: false } });
    }
    expect((await owner.analyses.get(analysisId)).isPaid).toBe(false);
    expect(await paymentsOf(analysisId)).toEqual([]);
  });

  it("answers 200 to event types it does not handle", async () => {
    const delivered = await deliver(
      stripeEvent("customer.created", { id: "cus_123", object: "customer" }),
    );
    expect(delivered).toEqual({ status: 200, body: { received: true, duplicate: false } });
  });

  it("has no demo confirmation in Stripe mode", async () => {
    const analysisId = await analysisFor(owner);
    const error = await errorOf(owner.payments.confirmDemo({ analysisId }));
    expect(error.status).toBe(404);
    expect((await owner.analyses.get(analysisId)).isPaid).toBe(false);
  });

  describe("refunds by an administrator", () => {
    it("refunds through Stripe within 30 days; the analysis loses premium; a new purchase makes a new intent", async () => {
      const { analysisId, intent } = await intentFor(owner);
      fake.succeed(intent.id);
      await deliver(paymentIntentSucceeded(intent));
      const [paid] = await paymentsOf(analysisId);
      if (!paid) throw new Error("not paid");

      const refunded = await admin.admin.refundPayment(paid.id);
      expect(refunded).toMatchObject({ id: paid.id, status: "refunded" });
      expect(refunded.refundedAt).not.toBeNull();
      expect((await owner.analyses.get(analysisId)).isPaid).toBe(false);
      const call = fake.requests.find(
        (r) => r.path === "/v1/refunds" && r.params.payment_intent === intent.id,
      );
      expect(call?.idempotencyKey).toBe(`bis-refund-${paid.id}`);
      expect(fake.refunds.filter((r) => r.payment_intent === intent.id)).toHaveLength(1);

      // Stripe's own charge.refunded for that refund arrives later: nothing more happens.
      expect((await deliver(chargeRefunded(intent))).status).toBe(200);
      expect((await paymentsOf(analysisId)).map((p) => p.status)).toEqual(["refunded"]);

      const twice = await errorOf(admin.admin.refundPayment(paid.id));
      expect([twice.status, twice.code, twice.serverMessage]).toEqual([
        409,
        "PAYMENT_ALREADY_REFUNDED",
        "This payment has already been refunded.",
      ]);

      const { clientSecret } = await owner.payments.createIntent({ analysisId });
      expect(clientSecret.startsWith(intent.id)).toBe(false);
    });

    it("refuses after 30 days, to non-administrators, signed out, and for unknown payments", async () => {
      const { analysisId, intent } = await intentFor(owner);
      fake.succeed(intent.id);
      await deliver(paymentIntentSucceeded(intent));
      const [paid] = await paymentsOf(analysisId);
      if (!paid) throw new Error("not paid");

      expect((await errorOf(owner.admin.refundPayment(paid.id))).status).toBe(403);
      expect((await errorOf(owner.admin.payments())).serverMessage).toBe(
        "Administrator privileges required.",
      );
      const anonymous = createNodeClient({ baseUrl: bis.url });
      expect((await errorOf(anonymous.admin.refundPayment(paid.id))).status).toBe(401);
      expect((await errorOf(anonymous.admin.payments())).status).toBe(401);
      await anonymous.close();
      const unknown = await errorOf(admin.admin.refundPayment("no-such-payment"));
      expect([unknown.status, unknown.code]).toEqual([404, "PAYMENT_NOT_FOUND"]);

      const { db } = bis.server.context;
      const thirtyOneDaysAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
      await db.update(payment).set({ createdAt: thirtyOneDaysAgo }).where(eq(payment.id, paid.id));
      const late = await errorOf(admin.admin.refundPayment(paid.id));
      expect([late.status, late.code]).toEqual([409, "REFUND_WINDOW_PASSED"]);
      expect(late.serverMessage).toBe(
        `Refunds are possible within 30 days of payment; this payment was made on ${thirtyOneDaysAgo.toISOString().slice(0, 10)}.`,
      );
      expect((await owner.analyses.get(analysisId)).isPaid).toBe(true);
      expect(fake.refunds.filter((r) => r.payment_intent === intent.id)).toHaveLength(0);
    });
  });

  it("checks premium on the server: 402 before payment, allowed after, always for administrators", async () => {
    const { analysisId, intent } = await intentFor(owner);
    const { payments } = bis.server.context.services;
    const [ownerUser, otherUser, adminUser] = await Promise.all([me(owner), me(other), me(admin)]);

    await expect(payments.premiumAnalysis(ownerUser, analysisId)).rejects.toMatchObject({
      status: 402,
      code: "PAYMENT_REQUIRED",
      message: PAYMENT_REQUIRED_MESSAGE,
    });
    await expect(payments.premiumAnalysis(otherUser, analysisId)).rejects.toThrow(
      "Analysis not found",
    );
    expect((await payments.premiumAnalysis(adminUser, analysisId)).id).toBe(analysisId);

    fake.succeed(intent.id);
    await deliver(paymentIntentSucceeded(intent));
    expect((await payments.premiumAnalysis(ownerUser, analysisId)).id).toBe(analysisId);
    await expect(payments.premiumAnalysis(otherUser, analysisId)).rejects.toThrow(
      "Analysis not found",
    );
  });

  it("removes a user's payments with their analyses when the user is deleted", async () => {
    const buyer = await signedInUser(bis, "Gone");
    const { analysisId, intent } = await intentFor(buyer);
    fake.succeed(intent.id);
    await deliver(paymentIntentSucceeded(intent));
    expect(await paymentsOf(analysisId)).toHaveLength(1);
    const buyerId = (await me(buyer)).id;
    await buyer.close();

    const { db } = bis.server.context;
    await db.delete(user).where(eq(user.id, buyerId));
    expect(await db.select().from(analysis).where(eq(analysis.userId, buyerId))).toEqual([]);
    expect(await db.select().from(payment).where(eq(payment.userId, buyerId))).toEqual([]);
    expect(await paymentsOf(analysisId)).toEqual([]);
  });
});

describe("demo mode", () => {
  // Set in beforeAll.
  let { bis, admin, owner, other, close } = {} as ServerWithUsers;
  beforeAll(async () => {
    ({ bis, admin, owner, other, close } = await startWithUsers("Demi"));
  }, 60_000);
  afterAll(() => close?.());

  it("says it is demo mode, with the price and no key", async () => {
    const config = await owner.payments.config();
    expect(config).toMatchObject({
      mode: "demo",
      publishableKey: null,
      amount: 89_900,
      currency: "usd",
      productName: "Premium Market Intelligence",
      purchasable: true,
    });
    // Demo mode: the embedded keyword model, and labelled sample competitors.
    expect(config.deliverables.map((d) => [d.id, d.deliverable, d.grade, d.provider])).toEqual([
      ["keywordResearch", true, "modeled", "BIS embedded keyword model"],
      ["competitionAnalysis", true, "sample", "Sample data (demo mode, not real businesses)"],
      ["pdfReport", true, null, "BIS (drawn on the server)"],
    ]);
  });

  it("marks the analysis paid through the same fulfilment, once, for the owner only", async () => {
    const analysisId = await analysisFor(owner);
    expect((await errorOf(other.payments.confirmDemo({ analysisId }))).status).toBe(404);
    expect((await errorOf(owner.payments.confirmDemo({ analysisId: "nope" }))).status).toBe(404);
    expect((await owner.analyses.get(analysisId)).isPaid).toBe(false);

    const paid = await owner.payments.confirmDemo({ analysisId });
    expect(paid).toMatchObject({
      analysisId,
      userId: (await me(owner)).id,
      provider: "demo",
      amount: 89_900,
      currency: "usd",
      status: "succeeded",
      refundedAt: null,
    });
    expect(paid.providerPaymentId).toMatch(/^demo_/);
    expect((await owner.analyses.get(analysisId)).isPaid).toBe(true);
    expect(await owner.payments.confirmDemo({ analysisId })).toEqual(paid);
    expect((await admin.admin.payments()).filter((p) => p.analysisId === analysisId)).toEqual([
      paid,
    ]);
  });

  it("takes one payment when the confirmation is clicked twice at once", async () => {
    const analysisId = await analysisFor(owner);
    const [first, second] = await Promise.all([
      owner.payments.confirmDemo({ analysisId }),
      owner.payments.confirmDemo({ analysisId }),
    ]);
    expect(second).toEqual(first);
    expect((await admin.admin.payments()).filter((p) => p.analysisId === analysisId)).toEqual([
      first,
    ]);
  });

  it("has no Stripe intents or webhooks in demo mode", async () => {
    const analysisId = await analysisFor(owner);
    expect((await errorOf(owner.payments.createIntent({ analysisId }))).status).toBe(404);
    const response = await fetch(`${bis.url}/api/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=abc" },
      body: "{}",
    });
    expect(response.status).toBe(404);
  });

  it("lets an administrator refund a demo payment; premium goes, and can be bought again", async () => {
    const analysisId = await analysisFor(owner);
    const paid = await owner.payments.confirmDemo({ analysisId });
    const refunded = await admin.admin.refundPayment(paid.id);
    expect(refunded).toMatchObject({ id: paid.id, status: "refunded" });
    expect((await owner.analyses.get(analysisId)).isPaid).toBe(false);
    const again = await owner.payments.confirmDemo({ analysisId });
    expect(again.id).not.toBe(paid.id);
    expect((await owner.analyses.get(analysisId)).isPaid).toBe(true);
  });
});
