/**
 * The one error vocabulary of BIS (DESIGN rule 2).
 *
 * The server answers every failure with `{ code, message, issues? }`; the code → status table
 * below is the only place that decides a status. The client turns any non-success response into
 * a `BisApiError` whose `message` is the specification's `"<status>: <body text or status text>"`
 * (§8) and which also carries the status, the code and the server's human message.
 */

export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  INVALID_ORIGIN: 403,
  ADMIN_ALREADY_EXISTS: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_IN_USE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  /** The city is not in the place data of that state; `details.suggestions` lists near names. */
  UNKNOWN_CITY: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UPSTREAM_FAILED: 502,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS | "NETWORK_ERROR";

/** The code a bare status stands for, when a body carries none. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 0:
      return "NETWORK_ERROR";
    case 400:
      return "BAD_REQUEST";
    case 401:
      return "UNAUTHORIZED";
    case 402:
      return "PAYMENT_REQUIRED";
    case 403:
      return "FORBIDDEN";
    case 404:
      return "NOT_FOUND";
    case 409:
      return "CONFLICT";
    case 413:
      return "PAYLOAD_TOO_LARGE";
    case 415:
      return "UNSUPPORTED_MEDIA_TYPE";
    case 422:
      return "UNPROCESSABLE";
    case 429:
      return "RATE_LIMITED";
    case 502:
      return "UPSTREAM_FAILED";
    case 503:
      return "UNAVAILABLE";
    default:
      return status >= 500 ? "INTERNAL" : "BAD_REQUEST";
  }
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
  readonly status: number;
  readonly code: ErrorCode;
  /** The server's human message (the body's `message`), or the status text. */
  readonly serverMessage: string;
  readonly issues: ErrorIssue[];
  readonly details: Record<string, unknown> | undefined;

  constructor(init: {
    status: number;
    code: ErrorCode;
    message: string;
    serverMessage: string;
    issues?: ErrorIssue[];
    details?: Record<string, unknown>;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.issues = init.issues ?? [];
    this.details = init.details;
  }
}

export function isBisApiError(error: unknown): error is BisApiError {
  return error instanceof BisApiError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The one factory from a failed response to a typed error.
 * `message` follows §8: `"<status>: <body text, or status text when the body is empty>"`.
 */
export function errorFromResponse(
  status: number,
  statusText: string,
  bodyText: string,
): BisApiError {
  const text = bodyText.length > 0 ? bodyText : statusText;
  let code = codeForStatus(status);
  let serverMessage = statusText || text;
  let issues: ErrorIssue[] | undefined;
  let details: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (isRecord(parsed)) {
      if (
        typeof parsed.code === "string" &&
        (parsed.code in ERROR_STATUS || parsed.code === "NETWORK_ERROR")
      ) {
        code = parsed.code as ErrorCode;
      }
      if (typeof parsed.message === "string" && parsed.message.length > 0)
        serverMessage = parsed.message;
      if (Array.isArray(parsed.issues)) {
        issues = parsed.issues.filter(
          (i): i is ErrorIssue =>
            isRecord(i) && typeof i.message === "string" && typeof i.path === "string",
        );
      }
      if (isRecord(parsed.details)) details = parsed.details;
    }
  } catch {
    if (bodyText.length > 0 && bodyText.length < 300) serverMessage = bodyText;
  }
  return new BisApiError({
    status,
    code,
    message: `${status}: ${text}`,
    serverMessage,
    issues,
    details,
  });
}

/** A call that never reached the server (offline, refused, timed out). */
export function networkError(cause: unknown): BisApiError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new BisApiError({
    status: 0,
    code: "NETWORK_ERROR",
    message: `0: ${reason}`,
    serverMessage: "Failed to connect to server",
  });
}

/** The human message to show for any error: the server's words when there are some. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isBisApiError(error)) return error.serverMessage || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
