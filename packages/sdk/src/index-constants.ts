/**
 * @bis/sdk/constants — the specification's constants and messages, without zod or any other
 * dependency: for bundles that must stay small (the widget). `index-constants.test.ts` keeps
 * zod out of it.
 */
export * from "./constants.js";
export * from "./messages.js";
