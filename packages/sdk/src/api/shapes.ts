/**
 * The shapes that wrap an item schema: a keyed list, a one-key envelope. Loaded by
 * schemas.ts together with the item's schema (a static zod import here, so a bundler keeps
 * only the parts of zod these use).
 */
import { z } from "zod";

/** `{ [key]: item[] }`, resolving to the list. */
export const listSchema = <T>(key: string, item: z.ZodType<T>): z.ZodType<T[]> =>
  z.object({ [key]: z.array(item) }).transform((body) => body[key] as T[]);

/** `{ [key]: item }`, resolving to the item (e.g. `{ analysis }`). */
export const fieldSchema = <T>(key: string, item: z.ZodType<T>): z.ZodType<T> =>
  z.object({ [key]: item }).transform((body) => body[key] as T);
