/**
 * The one error vocabulary of the server: `AppError` carries an SDK code and the SDK's
 * ERROR_STATUS table decides its status, so any layer can throw one; `parse` turns a payload
 * that fails an SDK schema into a 400 with every field's message. The HTTP side (the error
 * middleware, the JSON 404) is `http/errors.ts`.
 */
import { ERROR_STATUS, type ErrorBody, type ErrorCode, type ErrorIssue } from "@bis/sdk";
import type { z } from "zod";

type ServerCode = Exclude<ErrorCode, "NETWORK_ERROR">;

export class AppError extends Error {
  override readonly name = "AppError";
  readonly code: ServerCode;
  readonly status: number;
  readonly issues: ErrorIssue[] | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ServerCode,
    message: string,
    extra: { issues?: ErrorIssue[]; details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, { cause: extra.cause });
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.issues = extra.issues;
    this.details = extra.details;
  }

  toBody(): ErrorBody {
    return {
      code: this.code,
      message: this.message,
      ...(this.issues ? { issues: this.issues } : {}),
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

/** Parses a payload with an SDK schema; failures are 400 with every field's message. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  throw new AppError("VALIDATION_FAILED", issues[0]?.message ?? "Invalid request", { issues });
}
