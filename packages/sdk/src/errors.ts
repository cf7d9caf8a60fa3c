import type { ErrorCode, ErrorKind } from "./error-table.js";
import { KIND_OF_STATUS } from "./error-table.js";
import { isRecord } from "./guards.js";

/**
 * The one error vocabulary of BIS, without zod or any other dependency: the
 * server throws these codes, and every client (the SDK client, the app, the CLI, the widget
 * through `@bis/sdk/constants`) reads them back with `errorFromResponse` and decides on the code,
 * never on the message text.
 *
 * The server answers every failure with `{ code, message, issues?, details? }`; the table
 * (error-table.ts) is the only place that decides a code's status, kind and default message. A
 * client turns any non-success response into a `BisApiError` whose `message` is the
 * specification's `"<status>: <body text or status text>"` and which also carries the status,
 * the code, its kind (the generic code of the status) and the server's human message.
 */

export {
  ERRORS,
  type ErrorCode,
  type ErrorKind,
  type ErrorSpec,
  KIND_OF_STATUS,
  type ServerErrorCode,
} from "./error-table.js";

/**
 * The generic code (the kind) of a status: what a bare status stands for when a body carries
 * no code; any other 5xx is INTERNAL and any other status BAD_REQUEST.
 */
export function codeForStatus(status: number): ErrorKind {
  return (
    (KIND_OF_STATUS as Record<number, ErrorKind>)[status] ??
    (status >= 500 ? "INTERNAL" : "BAD_REQUEST")
  );
}

/**
 * Whether a body's code looks like one of BIS's codes (UPPER_SNAKE). Read without the table,
 * so that a bundle reading errors (the widget) does not carry it; a code this SDK does not
 * know yet (a newer server's) is kept, and its kind still comes from the status.
 */
function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/.test(value);
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
  /** What happened (ANALYSIS_NOT_FOUND, PASSWORD_INCORRECT…). */
  declare readonly code: ErrorCode;
  /** The generic code of the status (NOT_FOUND, BAD_REQUEST…): the code's class. */
  declare readonly kind: ErrorKind;
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
    Object.assign(this, init, { kind: codeForStatus(init.status), issues: init.issues ?? [] });
  }
}

export function isBisApiError(error: unknown): error is BisApiError {
  return error instanceof BisApiError;
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

/** NETWORK_ERROR's message (the table's, written here so that reading errors needs no table). */
const NETWORK_MESSAGE = "Failed to connect to server";

/** A call that never reached the server (offline, refused, timed out). */
export function networkError(cause: unknown): BisApiError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new BisApiError({
    status: 0,
    code: "NETWORK_ERROR",
    message: `0: ${reason}`,
    serverMessage: NETWORK_MESSAGE,
  });
}

/** Whether `error` is a BisApiError with this status (0: the server was not reached). */
export function isStatus(error: unknown, status: number): boolean {
  return isBisApiError(error) && error.status === status;
}

/**
 * Whether `error` is a BisApiError with one of these codes: what client decisions switch on.
 * A generic code also matches every code of its kind: `hasErrorCode(e, "NOT_FOUND")` holds for
 * ANALYSIS_NOT_FOUND as for a bare 404.
 */
export function hasErrorCode(error: unknown, ...codes: ErrorCode[]): error is BisApiError {
  return isBisApiError(error) && (codes.includes(error.code) || codes.includes(error.kind));
}

/**
 * Whether the user must sign in (again) for this call: no session (SESSION_REQUIRED), or a
 * bare 401 (UNAUTHORIZED). Wrong credentials (INVALID_CREDENTIALS) are the form's own error.
 */
export function isSignInRequired(error: unknown): error is BisApiError {
  return (
    isBisApiError(error) && (error.code === "SESSION_REQUIRED" || error.code === "UNAUTHORIZED")
  );
}

/** The human message to show for any error: the server's words when there are some. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isBisApiError(error)) return error.serverMessage || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
