/**
 * Response schemas by reference: a schema, or a loader that imports it when the first answer
 * needs it. The resources name their schemas through loaders, so a bundler leaves each
 * resource's schemas (and zod itself) out of the code that only holds the client: the app's
 * landing page, which calls two endpoints, does not load the schemas of the other forty.
 *
 * This module has no runtime import of zod; the shapes that wrap an item schema (a list, a
 * page, an envelope: shapes.ts, schemas/pagination.ts) load together with the item's schema.
 */
import type { z } from "zod";
import type { Page } from "../schemas/pagination.js";

/** What the transport needs of a schema: zod's `parse` (schemas/public-settings.ts has no zod). */
export interface Parser<T> {
  parse(data: unknown): T;
}

/** A response schema, or a loader of one. */
export type SchemaRef<T> = Parser<T> | (() => Promise<Parser<T>>);

/** A zod schema, or a loader of one: what the shapes that wrap an item take. */
export type ZodRef<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

export function loadSchema<S>(ref: S | (() => Promise<S>)): Promise<S> {
  return typeof ref === "function" ? (ref as () => Promise<S>)() : Promise.resolve(ref);
}

/**
 * The schemas of a module imported on first use:
 * `const admin = schemasOf(() => import("../../schemas/admin.js"))`, then
 * `schema: admin("systemStatusSchema")`.
 */
export function schemasOf<M>(load: () => Promise<M>) {
  return <K extends keyof M>(name: K) =>
    async (): Promise<M[K]> =>
      (await load())[name];
}

const shapes = () => import("./shapes.js");

/** `{ [key]: item[] }`, resolving to the list. */
export function listOf<T>(key: string, item: ZodRef<T>): SchemaRef<T[]> {
  return async () => {
    const [{ listSchema }, schema] = await Promise.all([shapes(), loadSchema(item)]);
    return listSchema(key, schema);
  };
}

/** `{ [key]: item }`, resolving to the item (e.g. `{ analysis }`). */
export function fieldOf<T>(key: string, item: ZodRef<T>): SchemaRef<T> {
  return async () => {
    const [{ fieldSchema }, schema] = await Promise.all([shapes(), loadSchema(item)]);
    return fieldSchema(key, schema);
  };
}

/** `{ [key]: item[], nextCursor, total, limit }`, resolving to a `Page` (schemas/pagination.ts). */
export function pageOf<T>(key: string, item: ZodRef<T>): SchemaRef<Page<T>> {
  return async () => {
    const [{ pageResponseSchema }, schema] = await Promise.all([
      import("../schemas/pagination.js"),
      loadSchema(item),
    ]);
    return pageResponseSchema(key, schema);
  };
}
