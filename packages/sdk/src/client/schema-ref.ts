/**
 * Response schemas by reference: a schema, or a loader that imports it when the first answer
 * needs it. The resources name their schemas through loaders, so a bundler leaves each
 * resource's schemas (and zod itself) out of the code that only holds the client: the app's
 * landing page, which calls two endpoints, does not load the schemas of the other forty.
 *
 * This module has no runtime import of zod; the shapes that wrap an item schema (a list, a
 * page, an envelope) import it together with the item's schema.
 */
import type { z } from "zod";
import type { Page } from "../schemas/pagination.js";

/** A response schema, or a loader of one. */
export type SchemaRef<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

export function loadSchema<T>(ref: SchemaRef<T>): Promise<z.ZodType<T>> {
  return typeof ref === "function" ? ref() : Promise.resolve(ref);
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

const zod = () => import("zod").then((m) => m.z);

/** A schema built with zod when first needed (for shapes no schema module declares). */
export function withZod<T>(build: (zod: typeof z) => z.ZodType<T>): SchemaRef<T> {
  return async () => build(await zod());
}

/** `{ [key]: item[] }`, resolving to the list. */
export function listOf<T>(key: string, item: SchemaRef<T>): SchemaRef<T[]> {
  return async () => {
    const [z, schema] = await Promise.all([zod(), loadSchema(item)]);
    return z.object({ [key]: z.array(schema) }).transform((body) => body[key] as T[]);
  };
}

/** `{ [key]: item }`, resolving to the item (e.g. `{ analysis }`). */
export function fieldOf<T>(key: string, item: SchemaRef<T>): SchemaRef<T> {
  return async () => {
    const [z, schema] = await Promise.all([zod(), loadSchema(item)]);
    return z.object({ [key]: schema }).transform((body) => body[key] as T);
  };
}

/** `{ [key]: item[], nextCursor, total, limit }`, resolving to a `Page` (schemas/pagination.ts). */
export function pageOf<T>(key: string, item: SchemaRef<T>): SchemaRef<Page<T>> {
  return async () => {
    const [{ pageResponseSchema }, schema] = await Promise.all([
      import("../schemas/pagination.js"),
      loadSchema(item),
    ]);
    return pageResponseSchema(key, schema);
  };
}
