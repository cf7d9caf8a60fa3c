/**
 * How the transport reads an answer: with a parser (zod's `parse`, or the zod-free parser of
 * the public settings), given as itself or as a loader called only when a success answer is to
 * be parsed. The endpoint table names its schemas as data; the transport loads them through
 * api/schemas.ts, so a bundle loads a module's schemas, and zod, with the first answer that
 * needs them.
 */
import type { Parser } from "../api/endpoint.js";

export type { Parser };

/** A parser, or a loader of one. */
export type SchemaRef<T> = Parser<T> | (() => Promise<Parser<T>>);

export function loadSchema<S>(ref: S | (() => Promise<S>)): Promise<S> {
  return typeof ref === "function" ? (ref as () => Promise<S>)() : Promise.resolve(ref);
}
