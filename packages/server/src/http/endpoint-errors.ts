/**
 * Which error codes an endpoint may answer: the codes its table entry declares (`errors`), plus
 * the codes every route may answer and those its access brings. Outside production the
 * endpoint adapter checks each code a handler throws against this set, as it checks answers
 * against their schema, so an entry's list stays what clients can rely on.
 */
import type { Access, Endpoint, ServerErrorCode } from "@bis/sdk";
import { AppError } from "../lib/errors.js";

/**
 * Codes any route may answer without declaring them: bad input (a payload that fails its
 * schema, a body that is not JSON, too large or of the wrong type), a rate limit, and a failure
 * of the server itself.
 */
export const IMPLIED_ERRORS: readonly ServerErrorCode[] = [
  "VALIDATION_FAILED",
  "BAD_REQUEST",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "RATE_LIMITED",
  "INTERNAL",
];

/** Who is calling, checked before the handler: the codes an endpoint's access brings. */
const SIGNED_IN: readonly ServerErrorCode[] = [
  "SESSION_REQUIRED",
  "UNAUTHORIZED",
  "ADMIN_TOKEN_MUST_EXPIRE",
];
export const ACCESS_ERRORS: Record<Access, readonly ServerErrorCode[]> = {
  public: [],
  optional: SIGNED_IN,
  user: SIGNED_IN,
  admin: [...SIGNED_IN, "ADMIN_REQUIRED"],
  partner: [
    "PARTNER_KEY_REQUIRED",
    "PARTNER_KEY_UNKNOWN",
    "PARTNER_ORIGIN_REQUIRED",
    "PARTNER_ORIGIN_NOT_ALLOWED",
  ],
  stripe: ["WEBHOOK_SIGNATURE_INVALID"],
};

/** Every code the endpoint may answer: declared, implied for all, and brought by its access. */
export function allowedErrors(endpoint: Endpoint): ReadonlySet<ServerErrorCode> {
  return new Set([
    ...IMPLIED_ERRORS,
    ...ACCESS_ERRORS[endpoint.access],
    ...(endpoint.errors ?? []),
  ]);
}

/**
 * What to answer when a handler throws `error`: nothing new when its code is one the endpoint
 * may answer (or it is not an AppError: a 500 anyway); otherwise a 500 INTERNAL whose message
 * names the undeclared code and the entry, so that a test fails on it and says what to fix.
 */
export function undeclaredError(
  endpoint: Endpoint,
  allowed: ReadonlySet<ServerErrorCode>,
  error: unknown,
): AppError | undefined {
  if (!(error instanceof AppError) || allowed.has(error.code)) return undefined;
  return new AppError(
    "INTERNAL",
    `${endpoint.method} ${endpoint.path} answered ${error.code} ("${error.message}"), which its entry's errors list does not name: add it to the entry in packages/sdk/src/api/`,
    { cause: error },
  );
}
