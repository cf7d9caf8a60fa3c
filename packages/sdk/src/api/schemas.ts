/**
 * The schemas a table entry names, loaded when first needed: the client's transport parses
 * answers with them, the server's adapter parses queries and bodies (and checks answers). Each
 * module is a separate import, so a bundle loads zod and a module's schemas with the first
 * answer that needs them (the app's landing page calls two endpoints and loads two modules).
 */
import type { z } from "zod";
import type { Parser, SchemaModule, SchemaModules, SchemaRef } from "./endpoint.js";

const modules: { [M in SchemaModule]: () => Promise<SchemaModules[M]> } = {
  account: () => import("../schemas/account.js"),
  admin: () => import("../schemas/admin.js"),
  brand: () => import("../schemas/brand.js"),
  comparisons: () => import("../schemas/comparisons.js"),
  competition: () => import("../schemas/competition.js"),
  entities: () => import("../schemas/entities.js"),
  forms: () => import("../schemas/forms.js"),
  keywords: () => import("../schemas/keywords.js"),
  market: () => import("../schemas/market.js"),
  payments: () => import("../schemas/payments.js"),
  publicSettings: () => import("../schemas/public-settings.js"),
  tokens: () => import("../schemas/tokens.js"),
  widget: () => import("../schemas/widget.js"),
};

const loaded = new WeakMap<SchemaRef, Promise<Parser>>();

/** The parser a reference names (a zod schema, except the zod-free public settings). */
export function loadSchema(ref: SchemaRef): Promise<Parser> {
  let parser = loaded.get(ref);
  if (!parser) {
    parser = load(ref);
    loaded.set(ref, parser);
  }
  return parser;
}

/** The zod schema a reference names: for queries and bodies, which the server parses. */
export function loadZodSchema(ref: SchemaRef): Promise<z.ZodType> {
  return loadSchema(ref) as Promise<z.ZodType>;
}

async function load(ref: SchemaRef): Promise<Parser> {
  const module = (await modules[ref.module]()) as unknown as Record<string, z.ZodType>;
  const item = module[ref.name];
  if (!item) throw new Error(`No schema ${ref.name} in the ${ref.module} schemas`);
  const key = ref.key ?? "";
  switch (ref.wrap) {
    case undefined:
      return item;
    case "page":
      return (await import("../schemas/pagination.js")).pageResponseSchema(key, item);
    case "list":
      return (await import("./shapes.js")).listSchema(key, item);
    case "field":
      return (await import("./shapes.js")).fieldSchema(key, item);
  }
}
