/**
 * Every call of the BIS API, one entry each (endpoint.ts says what an entry holds). The server
 * registers a route for each entry and for nothing else (its start-up fails when one is
 * missing); the SDK client's resources, the app's query keys and links and the widget's calls
 * all take their paths from here. A new call is one entry in its resource's module
 * (`account-`, `site-`, `analysis-`, `admin-`, `widget-endpoints.ts`) and its handler on the
 * server.
 */
import { account, auth, tokens } from "./account-endpoints.js";
import { admin, partners } from "./admin-endpoints.js";
import { analyses, comparisons, premium } from "./analysis-endpoints.js";
import type { Endpoint } from "./endpoint.js";
import { payments, site } from "./site-endpoints.js";
import { widgetEndpoints } from "./widget-endpoints.js";

/** The table, by resource. */
export const endpoints = {
  auth,
  account,
  site,
  analyses,
  premium,
  comparisons,
  payments,
  tokens,
  admin,
  partners,
  widget: widgetEndpoints,
} as const;

/** Every endpoint of the table, once each. */
export const allEndpoints: readonly Endpoint[] = Object.values(endpoints).flatMap((group) =>
  Object.values(group),
);
