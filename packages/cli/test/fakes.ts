/** Test doubles with no server: the SDK's API error, as its transport makes it. */
import { BisApiError, codeForStatus, type ErrorCode } from "@bis/sdk/constants";

export function apiError(
  status: number,
  serverMessage: string,
  extra: { code?: ErrorCode; details?: Record<string, unknown> } = {},
): BisApiError {
  return new BisApiError({
    status,
    code: extra.code ?? codeForStatus(status),
    message: `${status}: ${serverMessage}`,
    serverMessage,
    details: extra.details,
  });
}
