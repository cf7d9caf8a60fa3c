/**
 * Every error code of BIS, with its HTTP status, its kind and its default message (the one an
 * error has when the thrower gives none). Plain data, without zod or any other dependency.
 *
 * A code says what happened (ANALYSIS_NOT_FOUND, PASSWORD_INCORRECT); its `kind` is the generic
 * code of its status (NOT_FOUND, BAD_REQUEST…), the way stripe-node keeps an error's `type`
 * beside its `code`: a client that only cares that something was not found asks for the kind
 * (`hasErrorCode(error, "NOT_FOUND")` matches every code of that kind), one that cares what
 * was not found asks for the code. The generic codes are their own kind; a specific code's
 * kind is always the generic code of its status (errors.test.ts checks it).
 */

/** What a code means on the wire: its HTTP status, its kind and its default message. */
export interface ErrorSpec {
  status: number;
  kind: ErrorKind;
  message: string;
}

/**
 * The generic code of each status: what a bare status stands for (an answer without a code,
 * e.g. from a proxy), and the `kind` of every code of that status. Kept apart from the table
 * so that a client reading errors (the widget) does not carry the whole table.
 */
export const KIND_OF_STATUS = {
  0: "NETWORK_ERROR",
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  402: "PAYMENT_REQUIRED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "UNPROCESSABLE",
  429: "RATE_LIMITED",
  500: "INTERNAL",
  502: "UPSTREAM_FAILED",
  503: "UNAVAILABLE",
  504: "GATEWAY_TIMEOUT",
} as const;

/** The generic codes: the kinds of error. */
export type ErrorKind = (typeof KIND_OF_STATUS)[keyof typeof KIND_OF_STATUS];

/**
 * Every error code. Generic codes first (each is its own kind), then the specific ones by
 * kind. A call's `errors` list (the endpoint table) names the specific codes it answers.
 */
export const ERRORS = {
  /** The call never reached the server (offline, refused, timed out); never sent by it. */
  NETWORK_ERROR: { status: 0, kind: "NETWORK_ERROR", message: "Failed to connect to server" },
  BAD_REQUEST: { status: 400, kind: "BAD_REQUEST", message: "Bad request" },
  UNAUTHORIZED: { status: 401, kind: "UNAUTHORIZED", message: "Not signed in" },
  PAYMENT_REQUIRED: { status: 402, kind: "PAYMENT_REQUIRED", message: "Payment required" },
  FORBIDDEN: { status: 403, kind: "FORBIDDEN", message: "Forbidden" },
  NOT_FOUND: { status: 404, kind: "NOT_FOUND", message: "Not found" },
  CONFLICT: { status: 409, kind: "CONFLICT", message: "Conflict" },
  PAYLOAD_TOO_LARGE: { status: 413, kind: "PAYLOAD_TOO_LARGE", message: "Payload too large" },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    kind: "UNSUPPORTED_MEDIA_TYPE",
    message: "Unsupported media type",
  },
  UNPROCESSABLE: { status: 422, kind: "UNPROCESSABLE", message: "Unprocessable request" },
  /** `details.windowSeconds`, when given, is how long the cap lasts. */
  RATE_LIMITED: { status: 429, kind: "RATE_LIMITED", message: "Too many requests" },
  INTERNAL: { status: 500, kind: "INTERNAL", message: "Internal server error" },
  UPSTREAM_FAILED: { status: 502, kind: "UPSTREAM_FAILED", message: "An outside service failed" },
  UNAVAILABLE: { status: 503, kind: "UNAVAILABLE", message: "Service unavailable" },
  /** A proxy in front of the server gave up waiting for it; never sent by the server itself. */
  GATEWAY_TIMEOUT: {
    status: 504,
    kind: "GATEWAY_TIMEOUT",
    message: "The server took too long to answer",
  },

  // 400: the request cannot be done as asked.
  /** A payload failed its schema; `issues` lists every field's message. */
  VALIDATION_FAILED: { status: 400, kind: "BAD_REQUEST", message: "Invalid request" },
  /** Competition analysis asked for before keyword research. */
  KEYWORD_RESEARCH_REQUIRED: {
    status: 400,
    kind: "BAD_REQUEST",
    message: "Please complete keyword research before starting competition analysis.",
  },
  /** No city could be read from the analysis (keyword research needs at least one). */
  NO_CITIES_FOUND: {
    status: 400,
    kind: "BAD_REQUEST",
    message: "Unable to extract cities from market analysis data.",
  },
  /** The current password given to change the password or the email address is wrong. */
  PASSWORD_INCORRECT: {
    status: 400,
    kind: "BAD_REQUEST",
    message: "Current password is incorrect",
  },
  RESET_LINK_INVALID: {
    status: 400,
    kind: "BAD_REQUEST",
    message: "This password reset link is invalid or has expired. Please ask for a new one.",
  },
  EMAIL_CHANGE_LINK_INVALID: {
    status: 400,
    kind: "BAD_REQUEST",
    message: "This confirmation link is invalid or has expired. Please ask for a new one.",
  },
  CANNOT_CHANGE_OWN_ADMIN: {
    status: 400,
    kind: "BAD_REQUEST",
    message: "You cannot change your own admin status",
  },
  CANNOT_DELETE_SELF: {
    status: 400,
    kind: "BAD_REQUEST",
    message: "You cannot delete your own account",
  },
  /** The card was declined; the message is the card issuer's reason. */
  CARD_DECLINED: { status: 400, kind: "BAD_REQUEST", message: "Your card was declined." },
  PAYMENT_PROVIDER_REJECTED: {
    status: 400,
    kind: "BAD_REQUEST",
    message: "The payment provider rejected the request",
  },
  /** A Stripe webhook whose signature does not match its bytes. */
  WEBHOOK_SIGNATURE_INVALID: {
    status: 400,
    kind: "BAD_REQUEST",
    message: "Invalid webhook signature",
  },
  WEBHOOK_EVENT_MALFORMED: { status: 400, kind: "BAD_REQUEST", message: "Malformed webhook event" },

  // 401: who is calling is not known.
  /** A call that needs a signed-in user (session or API token) came without one. */
  SESSION_REQUIRED: { status: 401, kind: "UNAUTHORIZED", message: "Please sign in to continue" },
  INVALID_CREDENTIALS: { status: 401, kind: "UNAUTHORIZED", message: "Invalid email or password" },

  // 403: the caller is known and may not do this.
  /** A signed-in user who is not an administrator called an administrator's endpoint. */
  ADMIN_REQUIRED: { status: 403, kind: "FORBIDDEN", message: "Administrator privileges required." },
  EMAIL_NOT_VERIFIED: {
    status: 403,
    kind: "FORBIDDEN",
    message: "Please verify your email address first",
  },
  INVALID_ORIGIN: { status: 403, kind: "FORBIDDEN", message: "Invalid origin" },
  ADMIN_ALREADY_EXISTS: {
    status: 403,
    kind: "FORBIDDEN",
    message: "An administrator already exists",
  },
  /** Something a personal API token may not do (sign-in sessions, tokens, email changes). */
  API_TOKEN_NOT_ALLOWED: {
    status: 403,
    kind: "FORBIDDEN",
    message: "API tokens cannot do this. Sign in to BIS in your browser and try again there.",
  },
  /** An administrator's API token without an expiry date (made before they had to expire). */
  ADMIN_TOKEN_MUST_EXPIRE: {
    status: 403,
    kind: "FORBIDDEN",
    message: "An administrator's API token must expire (at most 365 days)",
  },
  /** Only the owner of an analysis buys its premium package. */
  PREMIUM_OWNER_ONLY: {
    status: 403,
    kind: "FORBIDDEN",
    message:
      "Only the owner of an analysis can buy its premium package (administrators already have premium access).",
  },
  /** The widget's calls: a partner key and a page origin the partner allows. */
  PARTNER_KEY_REQUIRED: {
    status: 403,
    kind: "FORBIDDEN",
    message: "A partner key is required (X-BIS-Partner-Key header).",
  },
  PARTNER_KEY_UNKNOWN: {
    status: 403,
    kind: "FORBIDDEN",
    message: "This partner key is unknown or has been revoked.",
  },
  PARTNER_ORIGIN_REQUIRED: {
    status: 403,
    kind: "FORBIDDEN",
    message: "The widget can only be used from a web page (Origin header required).",
  },
  PARTNER_ORIGIN_NOT_ALLOWED: {
    status: 403,
    kind: "FORBIDDEN",
    message: "This website is not on the partner's list of allowed origins.",
  },

  // 404: what the call names does not exist (or is not the caller's to see).
  ANALYSIS_NOT_FOUND: { status: 404, kind: "NOT_FOUND", message: "Analysis not found" },
  COMPARISON_NOT_FOUND: { status: 404, kind: "NOT_FOUND", message: "Comparison not found" },
  USER_NOT_FOUND: { status: 404, kind: "NOT_FOUND", message: "User not found" },
  PARTNER_NOT_FOUND: { status: 404, kind: "NOT_FOUND", message: "Partner not found" },
  /** The partner has no brand (or no logo) yet. */
  BRAND_NOT_FOUND: { status: 404, kind: "NOT_FOUND", message: "This partner has no brand yet" },
  LOGO_NOT_FOUND: { status: 404, kind: "NOT_FOUND", message: "No such logo" },
  /** The user is not a member of the partner (nor asking to be). */
  PARTNER_MEMBER_NOT_FOUND: {
    status: 404,
    kind: "NOT_FOUND",
    message: "That user is not assigned to this partner",
  },
  TOKEN_NOT_FOUND: { status: 404, kind: "NOT_FOUND", message: "No such API token" },
  PAYMENT_NOT_FOUND: { status: 404, kind: "NOT_FOUND", message: "Payment not found" },
  /** An outside-service key name that BIS does not have. */
  API_KEY_UNKNOWN: { status: 404, kind: "NOT_FOUND", message: "Unknown API key" },
  /** An outside-service key with no stored value (it may still come from the environment). */
  API_KEY_NOT_STORED: {
    status: 404,
    kind: "NOT_FOUND",
    message: "No stored value for this API key",
  },
  MAPS_KEY_MISSING: {
    status: 404,
    kind: "NOT_FOUND",
    message: "No Google Maps API key is configured",
  },
  OUTLINES_NOT_FOUND: { status: 404, kind: "NOT_FOUND", message: "No outlines for these states" },
  /** A developer's page (the mail outbox, the log) on a production server. */
  DEV_ONLY: { status: 404, kind: "NOT_FOUND", message: "Available in development only" },
  WIDGET_NOT_BUILT: {
    status: 404,
    kind: "NOT_FOUND",
    message: "The widget is not built on this server",
  },
  WIDGET_VERSION_NOT_SERVED: {
    status: 404,
    kind: "NOT_FOUND",
    message: "This widget version is not served here",
  },
  STRIPE_NOT_CONFIGURED: {
    status: 404,
    kind: "NOT_FOUND",
    message: "Stripe payments are not configured: this server runs in demo payment mode.",
  },
  DEMO_PAYMENTS_DISABLED: {
    status: 404,
    kind: "NOT_FOUND",
    message: "Demo payments are not available: this server takes payments with Stripe.",
  },

  // 409: the request conflicts with the record's state.
  EMAIL_IN_USE: { status: 409, kind: "CONFLICT", message: "Email already in use" },
  LAST_ADMIN: {
    status: 409,
    kind: "CONFLICT",
    message: "The last administrator cannot be removed",
  },
  PAID_ANALYSIS_KEPT: {
    status: 409,
    kind: "CONFLICT",
    message: "This analysis is paid for, so it was not deleted",
  },
  ANALYSIS_ALREADY_PAID: {
    status: 409,
    kind: "CONFLICT",
    message: "This analysis is already paid for.",
  },
  PAYMENT_ALREADY_REFUNDED: {
    status: 409,
    kind: "CONFLICT",
    message: "This payment has already been refunded.",
  },
  /** The money-back guarantee's days have passed. */
  REFUND_WINDOW_PASSED: {
    status: 409,
    kind: "CONFLICT",
    message: "Refunds are possible only within the guarantee period.",
  },
  /** A payment for the analysis is being prepared with other details (Stripe idempotency). */
  PAYMENT_IN_PROGRESS: {
    status: 409,
    kind: "CONFLICT",
    message:
      "A payment for this analysis is already being prepared with different details. Please reload the page and try again.",
  },
  TOKEN_REVOKED: {
    status: 409,
    kind: "CONFLICT",
    message: "A revoked API token cannot be renewed: create a new one",
  },

  // 422
  /**
   * The city is not in the place data of that state: `details.suggestions` lists up to five
   * near names, and the message already offers them ("… Did you mean A, B?").
   */
  UNKNOWN_CITY: { status: 422, kind: "UNPROCESSABLE", message: "We couldn't find that city" },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERRORS;
/** The codes the server sends (all but NETWORK_ERROR and a proxy's GATEWAY_TIMEOUT). */
export type ServerErrorCode = Exclude<ErrorCode, "NETWORK_ERROR" | "GATEWAY_TIMEOUT">;
