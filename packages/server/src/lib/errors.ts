/**
 * The one error vocabulary of the server: `AppError` carries a code of the SDK's ERRORS table,
 * which decides its status and, when the thrower gives none, its message, so any layer can
 * throw one; `parse` turns a payload that fails an SDK schema into a 400 with every field's
 * message. The HTTP side (the error middleware, the JSON 404) is `http/errors.ts`.
 */
import {
  ERRORS,
  type ErrorBody,
  type ErrorIssue,
  type ServerErrorCode as ServerCode,
  unstorableIssues,
} from "@bis/sdk";
import type { z } from "zod";

export class AppError extends Error {
  override readonly name = "AppError";
  readonly code: ServerCode;
  readonly status: number;
  readonly issues: ErrorIssue[] | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ServerCode,
    message: string = ERRORS[code].message,
    extra: { issues?: ErrorIssue[]; details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, { cause: extra.cause });
    this.code = code;
    this.status = ERRORS[code].status;
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

/** A 400 naming each field that holds a character no database can store (NUL), if any. */
export function refuseUnstorable(input: unknown, path: string[] = []): void {
  const issues = unstorableIssues(input, path);
  if (issues.length > 0)
    throw new AppError("VALIDATION_FAILED", issues[0]?.message ?? "Invalid request", { issues });
}

/**
 * Parses a payload with an SDK schema; failures are 400 with every field's message (text a
 * database refuses first: `refuseUnstorable`).
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  refuseUnstorable(input);
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  throw new AppError("VALIDATION_FAILED", issues[0]?.message ?? "Invalid request", { issues });
}
