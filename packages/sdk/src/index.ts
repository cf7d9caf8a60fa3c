/**
 * @bis/sdk — browser-safe entry: schemas, constants, errors, the typed client.
 * Nothing here may import Node-only modules (the widget bundles this entry).
 */
export * from "./client/client.js";
export * from "./client/transport.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./schemas/entities.js";
export * from "./schemas/forms.js";
