/**
 * What the premium providers (keyword and competitor data) share about a provider's answer:
 * a short excerpt of a body for messages, its JSON, and the message of a call that timed out.
 * Every failure is UPSTREAM_FAILED.
 */
import { AppError } from "../lib/errors.js";

/** The body on one line, at most 200 characters (for error messages). */
export const snippet = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 200);

/** The provider's body as JSON; a body that is not JSON is UPSTREAM_FAILED with an excerpt. */
export function parseJson(label: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AppError(
      "UPSTREAM_FAILED",
      `${label} returned an answer that is not JSON: ${snippet(text) || "(empty)"}`,
      { cause: error },
    );
  }
}

/** "Google Ads did not answer within 20 s. Please try again." */
export function timeoutMessage(label: string, timeoutMs: number): string {
  return `${label} did not answer within ${Math.round(timeoutMs / 100) / 10} s. Please try again.`;
}
