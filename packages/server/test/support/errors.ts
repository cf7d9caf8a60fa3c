/** What a call that must fail fails with. */
import { BisApiError } from "@bis/sdk";
import { expect } from "vitest";

/** The error `promise` rejects with, checked to be a `type`; the test fails if it resolves. */
export async function rejectionOf<E extends Error>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  const error = await promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
}

/** The BisApiError a client call fails with. */
export function errorOf(promise: Promise<unknown>): Promise<BisApiError> {
  return rejectionOf(promise, BisApiError);
}
