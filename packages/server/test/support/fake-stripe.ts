/**
 * A local fake of the Stripe API that speaks its wire format: form-encoded request bodies with
 * bracketed keys (`metadata[analysisId]=…`), `Authorization: Bearer sk_…`, the
 * `Idempotency-Key` header (the same key replays the first answer; other parameters are an
 * `idempotency_error`), and JSON errors shaped `{ error: { type, code, message } }`.
 * Serves `POST /v1/payment_intents`, `GET /v1/payment_intents/:id` and `POST /v1/refunds`,
 * records every request, and builds the webhook events Stripe would send.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type FakeService, type LocalServer, startLocalServer } from "./local-server.js";

export type FakeStripeFailure =
  /** 402 card_error (card_declined), as for a declined card. */
  | "card_error"
  /** 500 api_error, as when Stripe itself fails. */
  | "api_error"
  /** 429 rate_limit_error. */
  | "rate_limit"
  /** Closes the connection without an answer. */
  | "reset";

export interface RecordedStripeRequest {
  method: string;
  path: string;
  authorization: string | null;
  idempotencyKey: string | null;
  stripeVersion: string | null;
  contentType: string | null;
  /** The form body, nested as Stripe reads it (every leaf a string). */
  params: FormObject;
}

export interface FakePaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: "requires_payment_method" | "succeeded";
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  latest_charge: string | null;
  created: number;
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: "succeeded";
  metadata: Record<string, string>;
  created: number;
}

export interface FakeStripe extends FakeService<RecordedStripeRequest, FakeStripeFailure> {
  intents: Map<string, FakePaymentIntent>;
  refunds: FakeRefund[];
  /** PaymentIntents actually created (idempotent replays not counted). */
  intentsCreated(): number;
  /** The only secret key accepted from now on (others answer 401). */
  acceptKey(key: string): void;
  /** The customer paid: the intent succeeds with a charge, as after a confirmed Payment Element. */
  succeed(intentId: string): FakePaymentIntent;
}

type FormValue = string | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

/** `a[b][c]=v&x=y` → `{ a: { b: { c: "v" } }, x: "y" }`, as Stripe decodes a form body. */
export function parseStripeForm(body: string): FormObject {
  const result: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== "");
    let node = result;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (typeof next === "object") node = next;
      else {
        const created: FormObject = {};
        node[part] = created;
        node = created;
      }
    });
  }
  return result;
}

function id(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
}

function send(res: ServerResponse, status: number, body: unknown, headers = {}) {
  res.writeHead(status, {
    "content-type": "application/json",
    "request-id": id("req"),
    ...headers,
  });
  res.end(JSON.stringify(body));
}

function stripeError(
  res: ServerResponse,
  status: number,
  error: { type: string; message: string; code?: string; param?: string; decline_code?: string },
) {
  send(res, status, { error });
}

const strings = (v: FormValue | undefined): Record<string, string> =>
  v && typeof v === "object"
    ? Object.fromEntries(
        Object.entries(v).filter((e): e is [string, string] => typeof e[1] === "string"),
      )
    : {};

export async function startFakeStripe(options: { secretKey?: string } = {}): Promise<FakeStripe> {
  const requests: RecordedStripeRequest[] = [];
  const intents = new Map<string, FakePaymentIntent>();
  const refunds: FakeRefund[] = [];
  const idempotent = new Map<string, { request: string; status: number; body: unknown }>();
  let created = 0;
  let failure: FakeStripeFailure | null = null;
  let validKey = options.secretKey ?? null;

  function handle(req: IncomingMessage, res: ServerResponse, body: string) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const params = parseStripeForm(req.method === "GET" ? url.search.slice(1) : body);
    const header = (name: string) => {
      const v = req.headers[name];
      return typeof v === "string" ? v : null;
    };
    requests.push({
      method: req.method ?? "GET",
      path: url.pathname,
      authorization: header("authorization"),
      idempotencyKey: header("idempotency-key"),
      stripeVersion: header("stripe-version"),
      contentType: header("content-type"),
      params,
    });

    const auth = /^Bearer (\S+)$/.exec(header("authorization") ?? "");
    if (!auth) {
      return stripeError(res, 401, {
        type: "invalid_request_error",
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }
    const key = auth[1] as string;
    if (!/^(sk|rk)_(test|live)_/.test(key) || (validKey !== null && key !== validKey)) {
      return stripeError(res, 401, {
        type: "invalid_request_error",
        code: "api_key_invalid",
        message: `Invalid API Key provided: ${key.slice(0, 8)}${"*".repeat(8)}${key.slice(-4)}`,
      });
    }

    switch (failure) {
      case "reset":
        req.socket.destroy();
        return;
      case "card_error":
        return stripeError(res, 402, {
          type: "card_error",
          code: "card_declined",
          decline_code: "generic_decline",
          message: "Your card was declined.",
        });
      case "api_error":
        return stripeError(res, 500, {
          type: "api_error",
          message: "An unknown error occurred",
        });
      case "rate_limit":
        return stripeError(res, 429, {
          type: "invalid_request_error",
          code: "rate_limit",
          message: "Too many requests hit the API too quickly.",
        });
      default:
        break;
    }

    const idempotencyKey = header("idempotency-key");
    const fingerprint = `${req.method} ${url.pathname} ${body}`;
    if (req.method === "POST" && idempotencyKey) {
      const saved = idempotent.get(idempotencyKey);
      if (saved) {
        if (saved.request !== fingerprint) {
          return stripeError(res, 400, {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          });
        }
        return send(res, saved.status, saved.body, { "idempotent-replayed": "true" });
      }
    }
    const answer = (status: number, value: unknown) => {
      if (req.method === "POST" && idempotencyKey && status < 300) {
        idempotent.set(idempotencyKey, { request: fingerprint, status, body: value });
      }
      send(res, status, value);
    };

    if (req.method === "POST" && url.pathname === "/v1/payment_intents") {
      if (!/application\/x-www-form-urlencoded/.test(header("content-type") ?? "")) {
        return stripeError(res, 400, {
          type: "invalid_request_error",
          message: "Invalid request: expected a form-encoded body.",
        });
      }
      for (const name of ["amount", "currency"]) {
        if (typeof params[name] !== "string") {
          return stripeError(res, 400, {
            type: "invalid_request_error",
            code: "parameter_missing",
            param: name,
            message: `Missing required param: ${name}.`,
          });
        }
      }
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 50) {
        return stripeError(res, 400, {
          type: "invalid_request_error",
          code: "amount_too_small",
          param: "amount",
          message: "Amount must be at least $0.50 usd",
        });
      }
      const intentId = id("pi");
      const automatic = params.automatic_payment_methods;
      const intent: FakePaymentIntent = {
        id: intentId,
        object: "payment_intent",
        amount,
        amount_received: 0,
        currency: String(params.currency).toLowerCase(),
        status: "requires_payment_method",
        client_secret: `${intentId}_secret_${randomBytes(12).toString("hex")}`,
        description: typeof params.description === "string" ? params.description : null,
        metadata: strings(params.metadata),
        automatic_payment_methods:
          typeof automatic === "object" ? { enabled: automatic.enabled === "true" } : null,
        latest_charge: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      intents.set(intentId, intent);
      created += 1;
      return answer(200, intent);
    }

    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && retrieve) {
      const intent = intents.get(retrieve[1] as string);
      if (!intent) {
        return stripeError(res, 404, {
          type: "invalid_request_error",
          code: "resource_missing",
          param: "intent",
          message: `No such payment_intent: '${retrieve[1]}'`,
        });
      }
      return send(res, 200, intent);
    }

    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      const intentId = params.payment_intent;
      const intent = typeof intentId === "string" ? intents.get(intentId) : undefined;
      if (!intent) {
        return stripeError(res, 400, {
          type: "invalid_request_error",
          code: "resource_missing",
          param: "payment_intent",
          message: `No such payment_intent: '${String(intentId ?? "")}'`,
        });
      }
      if (intent.status !== "succeeded" || !intent.latest_charge) {
        return stripeError(res, 400, {
          type: "invalid_request_error",
          code: "charge_not_refundable",
          message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        });
      }
      if (refunds.some((r) => r.payment_intent === intent.id)) {
        return stripeError(res, 400, {
          type: "invalid_request_error",
          code: "charge_already_refunded",
          message: `Charge ${intent.latest_charge} has already been refunded.`,
        });
      }
      const refund: FakeRefund = {
        id: id("re"),
        object: "refund",
        amount: intent.amount_received,
        currency: intent.currency,
        payment_intent: intent.id,
        charge: intent.latest_charge,
        status: "succeeded",
        metadata: strings(params.metadata),
        created: Math.floor(Date.now() / 1000),
      };
      refunds.push(refund);
      return answer(200, refund);
    }

    return stripeError(res, 404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${req.method}: ${url.pathname}).`,
    });
  }

  const server: LocalServer = await startLocalServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => handle(req, res, body));
  });

  return {
    url: server.url,
    requests,
    intents,
    refunds,
    intentsCreated: () => created,
    fail(mode) {
      failure = mode;
    },
    acceptKey(key) {
      validKey = key;
    },
    succeed(intentId) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`No such payment intent in the fake: ${intentId}`);
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      intent.latest_charge ??= id("ch");
      return intent;
    },
    close: server.close,
  };
}

/** A webhook event as Stripe sends it (API version pinned like BIS's client). */
export function stripeEvent(type: string, object: object, eventId = id("evt")) {
  return {
    id: eventId,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

export function paymentIntentSucceeded(intent: FakePaymentIntent, eventId?: string) {
  return stripeEvent("payment_intent.succeeded", { ...intent, status: "succeeded" }, eventId);
}

/** `charge.refunded` for the intent's charge; `partial` refunds half. */
export function chargeRefunded(
  intent: Pick<FakePaymentIntent, "id" | "amount" | "currency" | "latest_charge">,
  options: { partial?: boolean; eventId?: string } = {},
) {
  const refunded = options.partial ? Math.floor(intent.amount / 2) : intent.amount;
  return stripeEvent(
    "charge.refunded",
    {
      id: intent.latest_charge ?? id("ch"),
      object: "charge",
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: refunded,
      currency: intent.currency,
      paid: true,
      payment_intent: intent.id,
      refunded: !options.partial,
      status: "succeeded",
    },
    options.eventId,
  );
}
