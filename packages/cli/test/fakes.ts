/** Test doubles with no server: the SDK's API error, recognised by shape as the CLI does. */
import type { ApiErrorLike } from "../src/errors.js";

export function apiError(
  status: number,
  serverMessage: string,
  extra: { code?: string; details?: Record<string, unknown> } = {},
): Error & ApiErrorLike {
  return Object.assign(new Error(serverMessage), {
    name: "BisApiError" as const,
    status,
    code: extra.code ?? "ERROR",
    serverMessage,
    issues: [],
    details: extra.details,
  });
}
