/**
 * The one error vocabulary of BIS, without zod or any other dependency: the
 * server throws these codes, and every client (the SDK client, the app, the CLI, the widget
 * through `@bis/sdk/constants`) reads them back with `errorFromResponse` and decides on the code,
 * never on the message text.
 *
 * The server answers every failure with `{ code, message, issues?, details? }`; the table below
 * is the only place that decides a code's status and its default message. A client turns any
 * non-success response into a `BisApiError` whose `message` is the specification's
 * `"<status>: <body text or status text>"` and which also carries the status, the code and
 * the server's human message.
 */

/** What a code means on the wire: its HTTP status and the message it has when none is given. */
export interface ErrorSpec {
  status: number;
  message: string;
}

/**
 * Every error code, with its status and default message. The first code of each status is
 * what a bare status stands for (an answer without a code, e.g. from a proxy): keep the
 * generic code of a status above its refinements.
 */
export const ERRORS = {
  /** The call never reached the server (offline, refused, timed out); never sent by it. */
  NETWORK_ERROR: { status: 0, message: "Failed to connect to server" },
  BAD_REQUEST: { status: 400, message: "Bad request" },
  /** A payload failed its schema; `issues` lists every field's message. */
  VALIDATION_FAILED: { status: 400, message: "Invalid request" },
  /** Competition analysis asked for before keyword research. */
  KEYWORD_RESEARCH_REQUIRED: {
    status: 400,
    message: "Please complete keyword research before starting competition analysis.",
  },
  UNAUTHORIZED: { status: 401, message: "Not signed in" },
  /** A call that needs a signed-in user (session or API token) came without one. */
  SESSION_REQUIRED: { status: 401, message: "Please sign in to continue" },
  INVALID_CREDENTIALS: { status: 401, message: "Invalid email or password" },
  PAYMENT_REQUIRED: { status: 402, message: "Payment required" },
  FORBIDDEN: { status: 403, message: "Forbidden" },
  /** A signed-in user who is not an administrator called an administrator's endpoint. */
  ADMIN_REQUIRED: { status: 403, message: "Administrator privileges required." },
  EMAIL_NOT_VERIFIED: { status: 403, message: "Please verify your email address first" },
  INVALID_ORIGIN: { status: 403, message: "Invalid origin" },
  ADMIN_ALREADY_EXISTS: { status: 403, message: "An administrator already exists" },
  NOT_FOUND: { status: 404, message: "Not found" },
  CONFLICT: { status: 409, message: "Conflict" },
  EMAIL_IN_USE: { status: 409, message: "Email already in use" },
  PAYLOAD_TOO_LARGE: { status: 413, message: "Payload too large" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "Unsupported media type" },
  UNPROCESSABLE: { status: 422, message: "Unprocessable request" },
  /**
   * The city is not in the place data of that state: `details.suggestions` lists up to five
   * near names, and the message already offers them ("… Did you mean A, B?").
   */
  UNKNOWN_CITY: { status: 422, message: "We couldn't find that city" },
  /** `details.windowSeconds`, when given, is how long the cap lasts. */
  RATE_LIMITED: { status: 429, message: "Too many requests" },
  INTERNAL: { status: 500, message: "Internal server error" },
  UPSTREAM_FAILED: { status: 502, message: "An outside service failed" },
  UNAVAILABLE: { status: 503, message: "Service unavailable" },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERRORS;
/** The codes the server sends (all but NETWORK_ERROR). */
export type ServerErrorCode = Exclude<ErrorCode, "NETWORK_ERROR">;

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERRORS, value);
}

/** The code a bare status stands for, when a body carries none: the table's first of it. */
export function codeForStatus(status: number): ErrorCode {
  const codes = Object.keys(ERRORS) as ErrorCode[];
  return (
    codes.find((code) => ERRORS[code].status === status) ??
    (status >= 500 ? "INTERNAL" : "BAD_REQUEST")
  );
}

export interface ErrorIssue {
  path: string;
  message: string;
}

/** The JSON body of every failed call. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  issues?: ErrorIssue[];
  /** Extra, code-specific detail (for example suggestions for an unknown city). */
  details?: Record<string, unknown>;
}

export class BisApiError extends Error {
  override readonly name = "BisApiError";
  declare readonly status: number;
  declare readonly code: ErrorCode;
  /** The server's human message (the body's `message`), or the status text. */
  declare readonly serverMessage: string;
  declare readonly issues: ErrorIssue[];
  declare readonly details: Record<string, unknown> | undefined;

  constructor(init: {
    status: number;
    code: ErrorCode;
    message: string;
    serverMessage: string;
    issues?: ErrorIssue[] | undefined;
    details?: Record<string, unknown> | undefined;
  }) {
    super(init.message);
    Object.assign(this, init, { issues: init.issues ?? [] });
  }
}

export function isBisApiError(error: unknown): error is BisApiError {
  return error instanceof BisApiError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const isIssue = (i: unknown): i is ErrorIssue =>
  isRecord(i) && typeof i.message === "string" && typeof i.path === "string";

/**
 * The one factory from a failed response to a typed error (zod-free, in `@bis/sdk/constants`).
 * `message` follows the specification's format: `"<status>: <body text, or status text when the body is empty>"`; the
 * code is the body's, or the one a bare status stands for (a body that is not BIS's JSON).
 */
export function errorFromResponse(
  status: number,
  statusText: string,
  bodyText: string,
): BisApiError {
  const text = bodyText || statusText;
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (isRecord(parsed)) body = parsed;
  } catch {
    if (bodyText.length < 300) body = { message: bodyText };
  }
  const { code, message, issues, details } = body;
  return new BisApiError({
    status,
    code: isErrorCode(code) ? code : codeForStatus(status),
    message: `${status}: ${text}`,
    serverMessage: typeof message === "string" && message ? message : statusText || text,
    issues: Array.isArray(issues) ? issues.filter(isIssue) : undefined,
    details: isRecord(details) ? details : undefined,
  });
}

/** `errorFromResponse` of a failed fetch `Response` (its body is read). */
export async function errorFromFetch(response: Response): Promise<BisApiError> {
  const text = await response.text().catch(() => "");
  return errorFromResponse(response.status, response.statusText, text);
}

/** A call that never reached the server (offline, refused, timed out). */
export function networkError(cause: unknown): BisApiError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new BisApiError({
    status: 0,
    code: "NETWORK_ERROR",
    message: `0: ${reason}`,
    serverMessage: ERRORS.NETWORK_ERROR.message,
  });
}

/** Whether `error` is a BisApiError with this status (0: the server was not reached). */
export function isStatus(error: unknown, status: number): boolean {
  return isBisApiError(error) && error.status === status;
}

/** Whether `error` is a BisApiError with one of these codes: what client decisions switch on. */
export function hasErrorCode(error: unknown, ...codes: ErrorCode[]): error is BisApiError {
  return isBisApiError(error) && codes.includes(error.code);
}

/**
 * Whether the user must sign in (again) for this call: no session (SESSION_REQUIRED), or a
 * bare 401 (UNAUTHORIZED). Wrong credentials (INVALID_CREDENTIALS) are the form's own error.
 */
export function isSignInRequired(error: unknown): error is BisApiError {
  return hasErrorCode(error, "SESSION_REQUIRED", "UNAUTHORIZED");
}

/** The human message to show for any error: the server's words when there are some. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isBisApiError(error)) return error.serverMessage || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
